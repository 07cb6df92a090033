import * as z from 'zod';
import { outcomeOnly } from '../output-shapes.js';
import { deleteFinding } from '../../../../engines/findings/index.js';
import { consentFromFlags } from '../../../../engines/sidecars/index.js';
import { defineTool, enginesOf } from '../../define-tool.js';
import { consentFlags, findingId } from './shared.js';

/** `delete_finding`: hard-deletes one row, lifting an orphaned class suppression first. */
export const deleteFindingTool = defineTool({
  name: 'delete_finding',
  title: 'Delete a finding',
  description:
    "Hard-deletes one finding row (any origin): {outcome: 'deleted' | 'not-found'}. A database write, EXCEPT " +
    "when it is the last row of a class its node's .sm suppresses: that suppression entry is removed from the " +
    'sidecar first, which needs consent (`confirm` / `always`, or a standing allowEditSmFiles grant); a refusal ' +
    'deletes nothing.',
  inputSchema: z.object({ id: findingId, ...consentFlags }),
  outputSchema: outcomeOnly(['deleted', 'not-found']),
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: false,
    title: 'Delete a finding',
  },
  run: async (args, deps) => ({
    ...(await deleteFinding(enginesOf(deps), args.id, consentFromFlags(args))),
  }),
});
