import * as z from 'zod';
import { outcomeOnly } from '../output-shapes.js';
import { dismissFinding } from '../../../../engines/findings/index.js';
import { consentFromFlags } from '../../../../engines/sidecars/index.js';
import { defineTool, enginesOf } from '../../define-tool.js';
import { consentFlags, findingId, FLIP } from './shared.js';

/** `dismiss_finding`: row grain (DB only) or the whole class (a `.sm` write, consent-gated). */
export const dismissFindingTool = defineTool({
  name: 'dismiss_finding',
  title: 'Dismiss a finding',
  description:
    "Row grain (default): marks the finding dismissed in the database, {outcome: 'dismissed' | " +
    "'already-dismissed' | 'not-found'}. `class: true` instead suppresses the finding's whole (extension, type) " +
    "class on its node by writing annotations.suppressions to the node's .sm sidecar, {outcome: 'suppressed'}; " +
    'that write needs consent: a standing allowEditSmFiles grant, or `confirm: true` (one-shot) or `always: true` ' +
    "(persists the grant), else it is refused with details.key = 'allowEditSmFiles'. Kernel safety-lane findings " +
    'are never dismissible.',
  inputSchema: z.object({
    id: findingId,
    class: z.boolean().optional().describe("Suppress the finding's (extension, type) class on its node."),
    ...consentFlags,
    note: z.string().min(1).optional().describe('Why it is dismissed.'),
  }),
  outputSchema: outcomeOnly(['dismissed', 'already-dismissed', 'suppressed', 'not-found']),
  annotations: { ...FLIP, title: 'Dismiss a finding' },
  run: async (args, deps) => ({
    ...(await dismissFinding(
      enginesOf(deps),
      args.id,
      {
        ...(args.class === undefined ? {} : { class: args.class }),
        ...(args.note === undefined ? {} : { note: args.note }),
      },
      consentFromFlags(args),
    )),
  }),
});
