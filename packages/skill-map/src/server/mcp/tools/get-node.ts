import * as z from 'zod';
import { issueShape, linkShape, nodeShape } from './output-shapes.js';
import { getNodeBundle } from '../../read/map-queries.js';
import { defineTool, READ_ONLY } from '../define-tool.js';
import { MAP_APP_TOOL_META } from '../apps/map-app.js';

/** `get_node`: one node with its incoming and outgoing links and its issues. */
export const getNodeTool = defineTool({
  name: 'get_node',
  title: 'Get one node',
  description:
    'Returns {item, links: {incoming, outgoing}, issues} for one node of the project map. `path` is the node path ' +
    'as it appears in query results (scope-relative, e.g. ".claude/skills/lint/SKILL.md", or mcp://<server>). ' +
    '`includeBody: true` also reads the file body without its frontmatter into item.body (null when unreadable). ' +
    'An unknown path is an invalid-params error.',
  inputSchema: z.object({
    path: z.string().min(1).describe('Node path.'),
    includeBody: z.boolean().optional().describe('Read the file body on demand.'),
  }),
  outputSchema: z.object({
    item: nodeShape.extend({ body: z.string().nullable().optional() }),
    links: z.object({ incoming: z.array(linkShape), outgoing: z.array(linkShape) }),
    issues: z.array(issueShape),
  }),
  annotations: { ...READ_ONLY, title: 'Get one node' },
  meta: MAP_APP_TOOL_META,
  run: async (args, deps) => ({
    ...(await getNodeBundle(deps.reader, args.path, args.includeBody === true)),
  }),
});
