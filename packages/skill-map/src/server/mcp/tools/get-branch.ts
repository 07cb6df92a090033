import * as z from 'zod';
import { subgraphShape } from './output-shapes.js';
import { getBranch } from '../../read/map-queries.js';
import { defineTool, READ_ONLY } from '../define-tool.js';
import { MAP_APP_TOOL_META } from '../apps/map-app.js';

/** `get_branch`: the override-scoped branch projection (the `/api/branch` shape). */
export const getBranchTool = defineTool({
  name: 'get_branch',
  title: 'Get a branch of the map',
  description:
    'Returns {branch, nodes, links, issues} for a scoped part of the map. `path` lists folder or file paths to ' +
    'include (order matters: earlier paths fill first when the result is capped); `exclude` lists paths to cut ' +
    'out (the nearest override wins); `excludeRoot` says whether everything outside the includes is dropped ' +
    '(inferred when absent: a bare `path` list means "only these subtrees"). `limit` can only lower the render ' +
    'cap; branch.total counts the whole scoped set and branch.truncated tells when the cap cut it.',
  inputSchema: z.object({
    path: z.array(z.string()).describe('Include overrides, in priority order.'),
    exclude: z.array(z.string()).optional().describe('Exclude overrides.'),
    excludeRoot: z.boolean().optional().describe('Root override; inferred when absent.'),
    limit: z.number().int().min(1).optional().describe('Lowers the render cap.'),
  }),
  outputSchema: z.object({
    schemaVersion: z.literal(1),
    kind: z.literal('branch'),
    branch: z.object({
      paths: z.array(z.string()),
      excluded: z.array(z.string()),
      rootExcluded: z.boolean(),
      total: z.number().int(),
      rendered: z.number().int(),
      truncated: z.boolean(),
      cap: z.number().int(),
    }),
    ...subgraphShape,
  }),
  annotations: { ...READ_ONLY, title: 'Get a branch of the map' },
  meta: MAP_APP_TOOL_META,
  run: (args, deps) => ({
    ...getBranch(deps.reader, {
      includes: args.path,
      excludes: args.exclude ?? [],
      ...(args.excludeRoot === undefined ? {} : { excludeRoot: args.excludeRoot }),
      ...(args.limit === undefined ? {} : { limit: args.limit }),
    }),
  }),
});
