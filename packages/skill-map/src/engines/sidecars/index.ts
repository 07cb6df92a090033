export { createSidecarCurator } from './curator.js';
export type { DocumentResult, SidecarCuratorFull } from './curator.js';
export { consentFromFlags, decideConsent, persistGrant } from './consent.js';
export type { ConsentGrant } from './consent.js';
export { deepMerge, sanitize } from './deep-merge.js';
export { sidecarSchemaErrors } from './validate.js';
export type { Consent, CurationResult, SidecarCurator } from './port.js';
export { annotateSidecar, orphanSidecars, pruneSidecars, refreshSidecar } from './admin.js';
export type { PruneItem, PruneReport, SidecarWrite } from './admin.js';
