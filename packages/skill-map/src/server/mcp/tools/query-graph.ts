import * as z from 'zod';
import { pageShape, subgraphShape } from './output-shapes.js';
import { nextCursorOf, offsetOf, pageInput } from './paging.js';
import { queryGraph } from '../../read/map-queries.js';
import { defineTool, READ_ONLY } from '../define-tool.js';
import { MAP_APP_TOOL_META } from '../apps/map-app.js';

/** `query_graph`: a closed subgraph selected with the `sm export` grammar. */
export const queryGraphTool = defineTool({
  name: 'query_graph',
  title: 'Query the skill graph',
  description:
    'Returns a closed subgraph {nodes, links, issues} of the project map selected with the `sm export` grammar: ' +
    '`kind` (comma list of node kinds, e.g. "skill,agent"), `has` ("issues": only nodes with issues), `path` ' +
    '(comma list of anchored globs; `*` stays inside one folder, `**` crosses folders). Filters AND together, ' +
    'globs OR. Links survive when both ends are in the page; issues when any of their nodes is. Paged: `limit` ' +
    'nodes per page (default 25, at most the scan render cap), `total` counts every match, and `nextCursor` (absent ' +
    'on the last page) passed as `cursor` with the same filters gives the next page. Each field is a comma list of values, never query ' +
    'text: an unknown kind or an unsupported `has` value is an invalid-params error naming the field.',
  inputSchema: z.object({
    kind: z
      .string()
      .optional()
      .describe('Comma-separated node kinds (exact, case-sensitive; an unknown kind is an error).'),
    has: z.string().optional().describe('Only "issues" is supported.'),
    path: z.string().optional().describe('Comma-separated anchored path globs, e.g. ".claude/skills/**".'),
    limit: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('Nodes per page (default 25, capped at the scan render cap).'),
    cursor: pageInput(25, 256).cursor,
  }),
  outputSchema: z.object({
    ...subgraphShape,
    total: z.number().int().describe('Nodes matching the filters, every page together.'),
    ...pageShape,
  }),
  annotations: { ...READ_ONLY, title: 'Query the skill graph' },
  meta: MAP_APP_TOOL_META,
  run: (args, deps) => {
    const { cursor, ...query } = args;
    const offset = offsetOf('query_graph', query, cursor);
    const page = queryGraph(deps.reader, query, offset);
    return { ...page, ...nextCursorOf('query_graph', query, offset, page.nodes.length, page.total) };
  },
});
