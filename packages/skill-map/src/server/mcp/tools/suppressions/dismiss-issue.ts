import * as z from 'zod';
import { consentFromFlags } from '../../../../engines/sidecars/index.js';
import { dismissIssue } from '../../../../engines/suppressions/index.js';
import { defineTool, enginesOf } from '../../define-tool.js';
import { consentShape, WRITES_SIDECAR } from './consent-input.js';

/** `dismiss_issue`: a standing issue suppression written to the node's `.sm` sidecar (consent-gated). */
export const dismissIssueTool = defineTool({
  name: 'dismiss_issue',
  title: 'Dismiss an issue',
  description:
    'Suppresses the issues of `analyzer` whose data.target equals `value` (exact, case-sensitive) on `node`: writes ' +
    "{analyzer, value, note?} into the node's .sm sidecar (annotations.issueSuppressions), deletes the covered " +
    'issues at once, and later scans skip them. `analyzer` is qualified (core/reference-broken) or short ' +
    '(reference-broken) and must be a known analyzer. Writing the sidecar needs consent: a standing ' +
    'allowEditSmFiles grant, `confirm: true` (this once) or `always: true` (persist the grant); otherwise an error ' +
    "naming details.key = 'allowEditSmFiles'. Returns {outcome: 'suppressed' | 'already-suppressed', deletedIssues}.",
  inputSchema: z.object({
    node: z.string().min(1).describe('Node path (scope-relative, as in query results).'),
    analyzer: z.string().min(1).describe('Analyzer id, qualified or short; stored verbatim.'),
    value: z.string().min(1).describe("The issue's data.target, matched exactly and case-sensitively."),
    note: z.string().optional().describe('Why the issue is suppressed (kept in the sidecar).'),
    ...consentShape,
  }),
  outputSchema: z.object({
    outcome: z.enum(['suppressed', 'already-suppressed']),
    deletedIssues: z.number().int().describe('Issue rows the suppression deleted.'),
  }),
  annotations: { ...WRITES_SIDECAR, title: 'Dismiss an issue' },
  run: async (args, deps) => {
    const result = await dismissIssue(
      enginesOf(deps),
      {
        node: args.node,
        analyzer: args.analyzer,
        value: args.value,
        ...(args.note === undefined ? {} : { note: args.note }),
      },
      consentFromFlags(args),
    );
    return { outcome: result.outcome, deletedIssues: result.deletedIssues };
  },
});
