import { SkillstateError } from './errors.js';
import { cloneJson, hasOwn, isPlainObject } from './json.js';
import type { JsonObject } from './json.js';
import type { StateSchema } from './spec.js';

/** The envelope version this runtime writes. */
export const CURRENT_STATE_VERSION = 1;

/** What a state file holds: `{ version, state }`. Readers ignore unknown top-level keys. */
export interface VersionedState<S extends Record<string, unknown> = JsonObject> {
  version: typeof CURRENT_STATE_VERSION;
  state: S;
}

/**
 * Brings any stored shape to the current envelope, as a deep copy.
 *
 * Accepts `{version: 1, state}`, `{version: 0, state}` and a bare state object without a `version` key (even one
 * holding a `state` key). Anything else throws `MIGRATION_FAILED`. The result is a deep copy unless
 * `copy: false`.
 */
export function migrate(raw: unknown, options: { copy?: boolean } = {}): VersionedState {
  // `copy: false` is for callers that own `raw` outright (a value JSON.parse just returned): no clone needed.
  const own = options.copy === false ? <T>(value: T): T => value : cloneJson;
  if (isPlainObject(raw)) {
    if (!hasOwn(raw, 'version')) return { version: CURRENT_STATE_VERSION, state: own(raw) as JsonObject };
    const version = raw['version'];
    const state = raw['state'];
    if ((version === 0 || version === 1) && isPlainObject(state)) {
      return { version: CURRENT_STATE_VERSION, state: own(state) as JsonObject };
    }
  }
  throw new SkillstateError('MIGRATION_FAILED', 'Unrecognized state format: cannot migrate to version 1');
}

/** A fresh state holding every schema default (shared by reference, as the paper does), then `overrides`. */
export function createInitialState(schema: StateSchema, overrides: Record<string, unknown> = {}): JsonObject {
  const state: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema)) state[key] = field.default;
  return { ...state, ...overrides } as JsonObject;
}

/** Wraps a state in the current envelope. */
export function toEnvelope<S extends Record<string, unknown>>(state: S): VersionedState<S> {
  return { version: CURRENT_STATE_VERSION, state };
}
