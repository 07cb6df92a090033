import * as z from 'zod';
import { findingShape, pageShape } from '../output-shapes.js';
import { pageInput, pageOfList } from '../paging.js';
import { listFindings } from '../../../../engines/findings/index.js';
import { defineTool, enginesOf, READ_ONLY } from '../../define-tool.js';

/** `list_findings`: the recorded findings of one node or the whole project (read posture). */
export const listFindingsTool = defineTool({
  name: 'list_findings',
  title: 'List findings',
  description:
    'Returns {findings: FindingRecord[]} from the findings store: every row a probabilistic finder recorded, with ' +
    'its resolution (null = open, fixed, human-decision, dismissed) and a derived `stale` (the node body changed ' +
    'since it was judged, or the node is gone). Pass `node` for one node, omit it for the whole project; ' +
    '`extension` takes a qualified (core/x) or bare (x) id. Stale rows are left out unless `includeStale: true`. ' +
    'Class suppressions are not applied here (this is the raw store). Paged: `limit` (default 50, at most 500), ' +
    '`total`, and `nextCursor` to pass as `cursor` for the next page.',
  inputSchema: z.object({
    node: z.string().min(1).optional().describe('Node path; omitted: the whole project.'),
    extension: z.string().min(1).optional().describe('Extension id, qualified or bare.'),
    includeStale: z.boolean().optional().describe('Also return stale findings.'),
    ...pageInput(50, 500),
  }),
  outputSchema: z.object({
    findings: z.array(findingShape),
    total: z.number().int().describe('Findings matching the filters, every page together.'),
    ...pageShape,
  }),
  annotations: { ...READ_ONLY, title: 'List findings' },
  run: (args, deps) => {
    const { limit: _limit, cursor: _cursor, ...filters } = args;
    const { items, ...page } = pageOfList(
      'list_findings',
      args,
      listFindings(enginesOf(deps), filters),
      50,
      500,
    );
    return { findings: items, ...page };
  },
});
