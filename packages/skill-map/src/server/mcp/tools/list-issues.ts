import * as z from 'zod';
import { badQuery } from '../../errors.js';
import { issueShape, pageShape } from './output-shapes.js';
import { nextCursorOf, offsetOf, pageInput } from './paging.js';

/** Issues per page without a limit: about 450 bytes each on real corpora, so about 22 KB. */
const DEFAULT_LIMIT = 50;
import { listIssues, parseSeverities } from '../../read/map-queries.js';
import { defineTool, READ_ONLY } from '../define-tool.js';

const csv = (v: string | undefined): string[] | undefined => {
  const list = v
    ?.split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  return list === undefined || list.length === 0 ? undefined : list;
};

/** `list_issues`: deterministic issues, filtered and paged in the store. */
export const listIssuesTool = defineTool({
  name: 'list_issues',
  title: 'List issues',
  description:
    'Returns {items, total} of deterministic issues (broken references, name collisions, ...), in storage order. ' +
    'Filters take comma lists: `severity` (error, warn, info), `analyzerId` (short "reference-broken" or qualified ' +
    '"core/reference-broken"), `node` (issues naming any of these node paths). Paged: `limit` 1..1000 (default ' +
    '50); `nextCursor` (absent on the last page) passed as `cursor` with the same filters gives the next page ' +
    '(`offset` >= 0 also works); `total` counts all matches before paging.',
  inputSchema: z.object({
    severity: z.string().optional().describe('Comma-separated severities: error, warn, info.'),
    analyzerId: z.string().optional().describe('Comma-separated analyzer ids, short or qualified.'),
    node: z.string().optional().describe('Comma-separated node paths.'),
    ...pageInput(DEFAULT_LIMIT, 1000),
    offset: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe('Items to skip, default 0 (the older form of paging; not with `cursor`).'),
  }),
  outputSchema: z.object({
    items: z.array(issueShape),
    total: z.number().int().describe('Matches before paging.'),
    ...pageShape,
  }),
  annotations: { ...READ_ONLY, title: 'List issues' },
  run: (args, deps) => {
    const severities = parseSeverities(csv(args.severity));
    const analyzerIds = csv(args.analyzerId);
    const nodes = csv(args.node);
    const filter = {
      ...(severities === undefined ? {} : { severities }),
      ...(analyzerIds === undefined ? {} : { analyzerIds }),
      ...(nodes === undefined ? {} : { nodes }),
    };
    if (args.cursor !== undefined && args.offset !== undefined)
      throw badQuery('pass either cursor or offset, not both', { argument: 'offset' });
    const offset = args.offset ?? offsetOf('list_issues', args, args.cursor);
    const result = listIssues(deps.reader, filter, {
      limit: Math.min(1000, args.limit ?? DEFAULT_LIMIT),
      offset,
    });
    return { ...result, ...nextCursorOf('list_issues', args, offset, result.items.length, result.total) };
  },
});
