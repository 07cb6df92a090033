import * as z from 'zod';
import { outcomeOnly } from '../output-shapes.js';
import { undismissFinding } from '../../../../engines/findings/index.js';
import { consentFromFlags } from '../../../../engines/sidecars/index.js';
import { defineTool, enginesOf } from '../../define-tool.js';
import { consentFlags, FLIP } from './shared.js';

/** `undismiss_finding`: removes one class suppression from the node's `.sm` (consent-gated). */
export const undismissFindingTool = defineTool({
  name: 'undismiss_finding',
  title: 'Lift a findings class suppression',
  description:
    "Removes exactly one entry from the node's .sm annotations.suppressions: the one whose extension equals " +
    '`extension` verbatim and whose type is `type` (omit `type` for the type-less blanket entry). Returns ' +
    "{outcome: 'unsuppressed'}; {outcome: 'not-found'} for an unknown node; {outcome: 'no-match'} when the live " +
    'sidecar has no such entry (the annotations mirror is re-synced from it, nothing is written). The write ' +
    "needs consent like dismiss_finding with class: true (details.key = 'allowEditSmFiles'). Re-running the " +
    'finder re-judges the class.',
  inputSchema: z.object({
    node: z.string().min(1).describe('Node path.'),
    extension: z.string().min(1).describe('The suppression entry extension, exactly as stored.'),
    type: z.string().min(1).optional().describe('The entry type; omitted: the type-less entry.'),
    ...consentFlags,
  }),
  outputSchema: outcomeOnly(['unsuppressed', 'not-found', 'no-match']),
  annotations: { ...FLIP, title: 'Lift a findings class suppression' },
  run: async (args, deps) => ({
    ...(await undismissFinding(
      enginesOf(deps),
      { node: args.node, extension: args.extension, ...(args.type === undefined ? {} : { type: args.type }) },
      consentFromFlags(args),
    )),
  }),
});
