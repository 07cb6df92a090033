// The pure half of @skillstate/core: no Node I/O, safe for any JavaScript runtime.
export { SkillstateError, isSkillstateError } from './errors.js';
export type { SkillstateErrorCode } from './errors.js';
export { cloneJson, hasOwn, isPlainObject, jsonEqual, kindOf } from './json.js';
export type { JsonObject, JsonValue } from './json.js';
export { mergePatch, mergeState } from './merge.js';
export { CURRENT_STATE_VERSION, createInitialState, migrate, toEnvelope } from './envelope.js';
export type { VersionedState } from './envelope.js';
export { MAX_PATCH_DEPTH, MAX_PATCH_KEYS, validatePatch, validatePatchDeep } from './validate.js';
export type { ValidatePatchOptions, ValidationResult } from './validate.js';
export { FIELD_TYPES, matchesFieldType, parseSpec } from './spec.js';
export type { FieldType, ParseSpecResult, SchemaField, SkillSpec, StateSchema } from './spec.js';
export { nestedMergeWarnings, topChanges } from './changes.js';
export type { ChangeReport } from './changes.js';
export { REDACTED, redactSecrets, redactValue, storedForm } from './redact.js';
export type { StoragePolicy } from './redact.js';
export { buildSummary, examplePatch, jsonByteSize, nextGuidance } from './summary.js';
export type { NextGuidance, StateSummary } from './summary.js';
export {
  ACTIVITY_DEBOUNCE_MS,
  SESSION_STATUSES,
  STALE_MS,
  TERMINAL_STATUSES,
  isTerminalStatus,
  sessionStaleness,
} from './session.js';
export type { SessionMeta, SessionStatus, Staleness } from './session.js';
export {
  AGENT_ID_PATTERN,
  CHECKPOINT_ID_PATTERN,
  checkpointId,
  sanitizeAgentId,
  sanitizeCheckpointLabel,
} from './names.js';
export { TokenTracker } from './metrics.js';
export type { Metrics, StepRecord } from './metrics.js';
export { GENERIC_PROCEDURE_SPEC, INTERCODE_CTF_SPEC } from './schemas/index.js';
