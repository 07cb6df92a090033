import * as z from 'zod';
import { issueShape } from './output-shapes.js';
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
    '"core/reference-broken"), `node` (issues naming any of these node paths). `limit` 1..1000 (default 100), ' +
    '`offset` >= 0; `total` counts all matches before paging.',
  inputSchema: z.object({
    severity: z.string().optional().describe('Comma-separated severities: error, warn, info.'),
    analyzerId: z.string().optional().describe('Comma-separated analyzer ids, short or qualified.'),
    node: z.string().optional().describe('Comma-separated node paths.'),
    limit: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('Page size, 1..1000 (larger values are clamped), default 100.'),
    offset: z.number().int().min(0).optional().describe('Items to skip, default 0.'),
  }),
  outputSchema: z.object({
    items: z.array(issueShape),
    total: z.number().int().describe('Matches before paging.'),
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
    const page = { limit: Math.min(1000, args.limit ?? 100), offset: args.offset ?? 0 };
    return { ...listIssues(deps.reader, filter, page) };
  },
});
