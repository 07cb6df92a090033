export { dismissIssue } from './dismiss.js';
export type { DismissInput, DismissOutcome } from './dismiss.js';
export { undismissIssue } from './undismiss.js';
export type { UndismissInput, UndismissOutcome } from './undismiss.js';
export { listIssueSuppressions } from './list.js';
export type { ListSuppressionsInput } from './list.js';
export type { SuppressionEntry } from './entry.js';
