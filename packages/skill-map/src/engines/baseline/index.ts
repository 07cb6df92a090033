export {
  applyBaseline,
  BASELINE_SCHEMA_URI,
  BASELINE_SEVERITIES,
  createBaseline,
  isExpired,
  pruneBaseline,
  serializeBaseline,
  updateBaseline,
} from './baseline.js';
export type { BaselineVerdict, ExpiredMatch, NewEntryOptions, StaleEntry } from './baseline.js';
export { fingerprintKey, fingerprintOf, normaliseTrigger, triggerText } from './fingerprint.js';
export type { Fingerprint } from './fingerprint.js';
export { isIsoDay, parseBaseline } from './parse.js';
export type { ParsedBaseline } from './parse.js';
export { dayOf, readBaseline, writeBaseline } from './baseline-ops.js';
export type { BaselineWriteInput, BaselineWriteMode, BaselineWriteOutcome } from './baseline-ops.js';
