import type { EngineContext } from '../context.js';
import { EngineError } from '../errors.js';
import type { Consent } from './port.js';

/**
 * The Consent of a request's `confirm` / `always` flags (a REST body, MCP tool arguments): only a literal `true`
 * counts; anything else is no consent. One reading for every door.
 */
export function consentFromFlags(flags: { readonly confirm?: unknown; readonly always?: unknown }): Consent {
  return {
    ...(flags.confirm === true ? { confirm: true } : {}),
    ...(flags.always === true ? { always: true } : {}),
  };
}

/** How a write was allowed: the standing grant, `always` (persisted once the write goes ahead), or `confirm`. */
export type ConsentGrant = 'standing' | 'always' | 'confirm';

/**
 * The consent gate of spec §8, in the contract's order, deciding without touching anything: (1) team policy
 * `allowSidecarWriters: false` is a hard block no flag bypasses; (2) a standing `allowEditSmFiles: true` proceeds;
 * (3) `always` proceeds and is persisted by `persistGrant`; (4) `confirm` is a one-shot; (5) otherwise refused
 * naming `allowEditSmFiles`.
 */
export function decideConsent(ctx: EngineContext, consent: Consent): ConsentGrant {
  const config = assertWritersAllowed(ctx);
  if (config['allowEditSmFiles'] === true) return 'standing';
  if (consent.always === true) return 'always';
  if (consent.confirm === true) return 'confirm';
  throw new EngineError(
    'consent-required',
    'writing the .sm sidecar needs consent: allowEditSmFiles is not granted and neither confirm nor always was given',
    { details: { key: 'allowEditSmFiles' } },
  );
}

/** Step (1) alone: the team policy's hard block (also for deletes); returns the config read. */
export function assertWritersAllowed(ctx: EngineContext): Readonly<Record<string, unknown>> {
  const config = ctx.config();
  if (config['allowSidecarWriters'] === false)
    throw new EngineError(
      'sidecar-writers-forbidden',
      'sidecar writes are forbidden by the team policy allowSidecarWriters: false (a hard block: confirm and always do not override it)',
      { details: { key: 'allowSidecarWriters' } },
    );
  return config;
}

/** Persists an `always` grant (`allowEditSmFiles: true` in settings.local.json); nothing for the other grants. */
export function persistGrant(ctx: EngineContext, grant: ConsentGrant): void {
  if (grant === 'always') ctx.setLocalSetting('allowEditSmFiles', true);
}
