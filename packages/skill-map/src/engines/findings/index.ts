// The findings engine (spec §7): one set of functions every channel (CLI, REST, MCP) calls.
export { listFindings, findingsView } from './read.js';
export { resolveFinding, dismissFinding, reopenFinding } from './flips.js';
export { undismissFinding, deleteFinding, pruneFindings } from './curation.js';
export type * from './types.js';
