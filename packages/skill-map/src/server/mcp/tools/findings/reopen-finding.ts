import * as z from 'zod';
import { outcomeOnly } from '../output-shapes.js';
import { reopenFinding } from '../../../../engines/findings/index.js';
import { defineTool, enginesOf } from '../../define-tool.js';
import { findingId, FLIP } from './shared.js';

/** `reopen_finding`: clears any resolution (DB only). */
export const reopenFindingTool = defineTool({
  name: 'reopen_finding',
  title: 'Reopen a finding',
  description:
    "Clears the finding's resolution (fixed, human-decision or dismissed) so it is open again. Returns " +
    "{outcome: 'reopened' | 'already-open' | 'not-found'}. A database write only: it does NOT lift a class " +
    'suppression (use undismiss_finding for that).',
  inputSchema: z.object({ id: findingId }),
  outputSchema: outcomeOnly(['reopened', 'already-open', 'not-found']),
  annotations: { ...FLIP, title: 'Reopen a finding' },
  run: async (args, deps) => ({ ...(await reopenFinding(enginesOf(deps), args.id)) }),
});
