import * as z from 'zod';

/** The consent flags every sidecar-writing tool takes (MCP has no interactive prompt). */
export const consentShape = {
  confirm: z
    .boolean()
    .optional()
    .describe('One-shot consent to write the .sm sidecar this once (persists nothing).'),
  always: z
    .boolean()
    .optional()
    .describe('Consent that also persists allowEditSmFiles: true to .skill-map/settings.local.json.'),
};

/**
 * Annotations of the two sidecar-writing tools: both destroy something (dismiss_issue deletes the covered issue rows,
 * undismiss_issue removes a curation entry). dismiss_issue is idempotent (an equal entry is never added twice);
 * undismiss_issue is not: it removes the FIRST matching entry, so a hand-edited sidecar holding two loses both to two
 * calls.
 */
export const WRITES_SIDECAR = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: true,
  openWorldHint: false,
} as const;
