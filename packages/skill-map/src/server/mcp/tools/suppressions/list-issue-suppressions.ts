import * as z from 'zod';
import { pageShape, suppressionShape } from '../output-shapes.js';
import { pageInput, pageOfList } from '../paging.js';
import { listIssueSuppressions } from '../../../../engines/suppressions/index.js';
import { defineTool, enginesOf, READ_ONLY } from '../../define-tool.js';

/** `list_issue_suppressions`: every standing issue suppression, for one node or the whole project. */
export const listIssueSuppressionsTool = defineTool({
  name: 'list_issue_suppressions',
  title: 'List issue suppressions',
  description:
    'Returns {suppressions: [{node, analyzer, value, note?}]} from the annotations mirror: pass `node` for one ' +
    'node, omit it for the whole project. Every entry is shown, resolvable or not (never validated against the ' +
    'analyzer catalog). No database: an empty list. An unknown node is an invalid-params error. Paged: `limit` ' +
    '(default 100, at most 1000), `total`, and `nextCursor` to pass as `cursor` for the next page.',
  inputSchema: z.object({
    node: z.string().min(1).optional().describe('Node path; omit for the whole project.'),
    ...pageInput(100, 1000),
  }),
  outputSchema: z.object({
    suppressions: z.array(suppressionShape.extend({ node: z.string() })),
    total: z.number().int().describe('Entries, every page together.'),
    ...pageShape,
  }),
  annotations: { ...READ_ONLY, title: 'List issue suppressions' },
  run: (args, deps) => {
    const all = listIssueSuppressions(enginesOf(deps), args.node === undefined ? {} : { node: args.node });
    const { items, ...page } = pageOfList('list_issue_suppressions', args, all, 100, 1000);
    return { suppressions: items, ...page };
  },
});
