import * as z from 'zod';
import { listExtensions } from '../../../../engines/extensions/list-extensions.js';
import { defineTool, enginesOf, READ_ONLY } from '../../define-tool.js';

/** `list_extensions`: every enabled probabilistic extension `submit_job` accepts, under the live config. */
export const listExtensionsTool = defineTool({
  name: 'list_extensions',
  title: 'List probabilistic extensions',
  description:
    'Returns {extensions: [{id, kind: "analyzer"|"action", role: "finder"|"fixer"|"standalone", description, ' +
    'analyzerIds?}]}: every ENABLED probabilistic extension submit_job accepts, sorted by id. Finders record ' +
    'findings; fixers (with analyzerIds: the finders or deterministic analyzers whose results they resolve) edit ' +
    'the file; standalone actions summarize or tag. Enable state is read from the project settings on every ' +
    'call. Call this to discover valid extension ids.',
  inputSchema: z.object({}),
  outputSchema: z.object({
    extensions: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(['analyzer', 'action']),
        role: z.enum(['finder', 'fixer', 'standalone']),
        description: z.string(),
        analyzerIds: z.array(z.string()).optional(),
      }),
    ),
  }),
  annotations: { ...READ_ONLY, title: 'List probabilistic extensions' },
  run: async (_args, deps) => ({ extensions: await listExtensions(enginesOf(deps)) }),
});
