export { BUILTIN_EXTENSIONS, createExtensionCatalog, toExtensionInfo } from './catalog.js';
export { enableKey, isEnabled } from './enable-state.js';
export { listExtensions } from './list-extensions.js';
export { RESERVED_FINDING_TYPES } from './report-schemas.js';
export { USER_CONTENT_SEAM } from './template-parts.js';
export type {
  ExtensionCatalog,
  ExtensionInfo,
  ExtensionKind,
  ExtensionRole,
  ProbExtension,
  ReportKind,
} from './types.js';
