import * as z from 'zod';
import { suppressionShape } from '../output-shapes.js';
import { consentFromFlags } from '../../../../engines/sidecars/index.js';
import { undismissIssue } from '../../../../engines/suppressions/index.js';
import { defineTool, enginesOf } from '../../define-tool.js';
import { consentShape, WRITES_SIDECAR } from './consent-input.js';

/** `undismiss_issue`: removes one standing issue suppression from the node's sidecar (consent-gated). */
export const undismissIssueTool = defineTool({
  name: 'undismiss_issue',
  title: 'Undismiss an issue',
  description:
    "Removes the first issue suppression with this (analyzer, value) from the node's .sm sidecar; the issue " +
    'returns at the NEXT scan. The analyzer is not checked against the catalog (entries of uninstalled plugins ' +
    'stay removable). Same consent as dismiss_issue (confirm / always / standing allowEditSmFiles). Returns ' +
    "{outcome: 'unsuppressed', removed} or {outcome: 'not-found'} (unknown node, or no such entry).",
  inputSchema: z.object({
    node: z.string().min(1).describe('Node path (scope-relative).'),
    analyzer: z.string().min(1).describe('Analyzer id as stored, qualified or short.'),
    value: z.string().min(1).describe('The suppressed data.target.'),
    ...consentShape,
  }),
  outputSchema: z.discriminatedUnion('outcome', [
    z.object({ outcome: z.literal('unsuppressed'), removed: suppressionShape }),
    z.object({ outcome: z.literal('not-found') }),
  ]),
  annotations: { ...WRITES_SIDECAR, idempotentHint: false, title: 'Undismiss an issue' },
  run: async (args, deps) => {
    const result = await undismissIssue(
      enginesOf(deps),
      { node: args.node, analyzer: args.analyzer, value: args.value },
      consentFromFlags(args),
    );
    return result.outcome === 'not-found'
      ? { outcome: 'not-found' }
      : { outcome: 'unsuppressed', removed: { ...result.removed } };
  },
});
