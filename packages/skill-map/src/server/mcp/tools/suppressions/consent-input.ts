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

/** The engine's Consent from parsed tool arguments. */
export function consentOf(args: { confirm?: boolean | undefined; always?: boolean | undefined }): {
  confirm?: boolean;
  always?: boolean;
} {
  return {
    ...(args.confirm === true ? { confirm: true } : {}),
    ...(args.always === true ? { always: true } : {}),
  };
}

/** Annotations of the two sidecar-writing tools. */
export const WRITES_SIDECAR = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;
