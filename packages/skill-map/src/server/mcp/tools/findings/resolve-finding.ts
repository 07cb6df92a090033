import * as z from 'zod';
import { outcomeOnly } from '../output-shapes.js';
import { resolveFinding } from '../../../../engines/findings/index.js';
import { defineTool, enginesOf } from '../../define-tool.js';
import { findingId, FLIP } from './shared.js';

/** `resolve_finding`: a human marks a finding fixed (DB only). */
export const resolveFindingTool = defineTool({
  name: 'resolve_finding',
  title: 'Resolve a finding',
  description:
    "Marks one finding fixed by a human (resolution 'fixed', actor human), with an optional note. Returns " +
    "{outcome: 'resolved' | 'already-fixed' | 'not-found'}. A database write only; no sidecar is touched.",
  inputSchema: z.object({
    id: findingId,
    note: z.string().min(1).optional().describe('Why it is resolved.'),
  }),
  outputSchema: outcomeOnly(['resolved', 'already-fixed', 'not-found']),
  annotations: { ...FLIP, title: 'Resolve a finding' },
  run: async (args, deps) => ({ ...(await resolveFinding(enginesOf(deps), args.id, args.note)) }),
});
