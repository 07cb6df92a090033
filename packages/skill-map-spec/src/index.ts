// Public API of @skill-map/spec: domain types, constants and the JSON Schemas as plain values.
// The ajv-backed validator lives behind the `@skill-map/spec/testing` subpath (ajv is a dev dependency).
export type { Node, SizeTriple, SidecarOverlay, SidecarStatus } from './node.js';
export { NODE_KIND_PATTERN, SHA256_HEX_PATTERN } from './node.js';
export type { NodeKind } from './node-kinds.js';
export { isNodeKind, NODE_KINDS, unknownKindMessage } from './node-kinds.js';
export { editDistance, suggest } from './suggest.js';
export type {
  Link,
  LinkKind,
  LinkOccurrence,
  LinkTrigger,
  OccurrenceContext,
  SourceLocation,
} from './link.js';
export { LINK_KINDS } from './link.js';
export type { Issue, IssueData, Severity } from './issue.js';
export { SEVERITIES } from './issue.js';
export type { BaselineEntry, BaselineFile } from './baseline.js';
export { BASELINE_SCHEMA_VERSION } from './baseline.js';
export type { OversizedFile, ScanResult, ScanStats, ScannedBy, Tokenizer } from './scan-result.js';
export {
  DEFAULT_MAX_RENDER_NODES,
  DEFAULT_SCAN_CEILING,
  emptyScanResult,
  SPEC_STATS_KEYS,
  toSpecScanResult,
} from './scan-result.js';
export type { CredentialedJob, Job, JobFailureReason, JobStatus, PublicJob } from './job.js';
export { JOB_FAILURE_REASONS, JOB_STATUSES, toPublicJob } from './job.js';
export type {
  Annotations,
  FindingSuppression,
  IssueSuppression,
  Sidecar,
  SidecarAudit,
  SidecarIdentity,
  Stability,
} from './sidecar.js';
export { ANNOTATION_KEYS, SIDECAR_ROOT_KEYS } from './sidecar.js';
export type {
  ContributionRegistryEntry,
  ContributionRender,
  ContributionSlot,
  EnvelopeRegistries,
  KindRegistryEntry,
  KindUi,
  ProviderRegistryEntry,
  ViewContribution,
  ErrorEnvelope,
  ListEnvelope,
  RestEnvelope,
  SingleEnvelope,
  ValueEnvelope,
  UiContribution,
  ViewSlotName,
} from './rest-envelope.js';
export { VIEW_SLOT_NAMES } from './rest-envelope.js';
export type { ProjectConfig } from './project-config.js';
export type { MapLink, MapLinkState, MapNode, MapProjection } from './map-projection.js';
export { projectMap } from './map-projection.js';
export type { PackedLink, PackedMap } from './map-packed.js';
export { packMap, unpackMap } from './map-packed.js';
export type { ActivitySummary, NodeActivity, PairActivity } from './activity.js';
export {
  ALL_SCHEMAS,
  AnnotationsSchema,
  BaselineSchema,
  CliHelpSchema,
  ConformanceCaseSchema,
  ConformanceResultSchema,
  ExtensionsProviderKindSchema,
  FindingsReportSchema,
  IssueSchema,
  JobSchema,
  LinkSchema,
  NodeSchema,
  PluginsRegistrySchema,
  ProjectConfigSchema,
  RestEnvelopeSchema,
  ScanResultSchema,
  SidecarSchema,
  ViewSlotsSchema,
} from './generated/schemas.js';

/** Version of the spec these schemas and types describe. */
export const SPEC_VERSION = '1.0.0';

/** Base URI every schema `$id` lives under. */
export const SCHEMA_BASE_URI = 'https://skill-map.ai/spec/v1/';
export type { ExportQuery, ExportQueryError, QueryResult } from './query/export-grammar.js';
export {
  EXPORT_QUERY_KEYS,
  compileGlob,
  exportQueryMatcher,
  formatExportQuery,
  listOf,
  parseExportGrammar,
  parseExportQuery,
} from './query/export-grammar.js';
export type { MapScope, MapScopeError, MapScopeInput } from './query/scope.js';
export { isWithin, resolveMapScope, scopeAdmits } from './query/scope.js';
