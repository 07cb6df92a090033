import type { ToolAnnotations } from '@modelcontextprotocol/server';
import * as z from 'zod';

/** A finding id: `state_findings.id`, as `list_findings` returns it. */
export const findingId = z.number().int().positive().describe('Finding id (from list_findings).');

/** The consent flags of the two sidecar-writing tools (the analog of the REST body flags). */
export const consentFlags = {
  confirm: z
    .boolean()
    .optional()
    .describe(
      'One-shot consent for this .sm sidecar write (needed without a standing allowEditSmFiles grant).',
    ),
  always: z
    .boolean()
    .optional()
    .describe('Consent that also persists allowEditSmFiles: true to .skill-map/settings.local.json.'),
};

/**
 * Annotations of a findings state flip: a local, repeatable write that OVERWRITES the row's resolution, actor and
 * note (resolving a dismissed finding replaces the dismissal and its note; reopening clears them), so destructive.
 */
export const FLIP: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: true,
  openWorldHint: false,
};
