// Public API of the pure kernel (`@skill-map/cli/kernel`): walk → read → analyzeFile (cacheable) → buildGraph.
export type {
  FileContext,
  FileRecord,
  FileRole,
  GraphContext,
  LinkAt,
  LensDecision,
  LensStatus,
  NodeIdentifier,
  ParsedSidecar,
  RawLink,
  RawOccurrence,
  RecordNode,
  ScanSettings,
  NeverRunFacts,
  IgnoredReference,
  SourceFile,
  UnreadableFile,
} from './types.js';
export { analyzeFile, failedFileRecord, isCandidatePath } from './analyze-file.js';
export { FILE_BUDGET, valueOverBudget, type BudgetName, type ValueBudget } from './budget.js';
export { buildGraph, composeResult } from './build-graph.js';
export { buildGraphIncremental, type GraphState, type IncrementalGraph } from './graph/incremental.js';
export {
  EMPTY_PATCH,
  isPatchRefusal,
  patchRecords,
  type PatchLookup,
  type PatchRefusal,
  type RecordChange,
  type RecordPatch,
} from './graph/record-patch.js';
export { isResolutionIndex, resolutionIndexOfState, type ResolutionIndex } from './graph/resolution-index.js';
export { recordMentions } from './graph/name-patch.js';
export {
  EMPTY_SHA256,
  expandNode,
  identifiersOf,
  isSelfContainedRecord,
  recordRole,
} from './record-format.js';
export { expandLink, expandRecord, type ExpandedLink, type ExpandedRecord } from './record-expand.js';
export { detectLens, findPluginRoots } from './lens.js';
export { cacheKey, createFileContext, KERNEL_CACHE_VERSION, type FileContextOptions } from './context.js';
export { KernelError, type KernelErrorCode, type Result } from './errors.js';
export { sha256Hex, type HashFn } from './util/sha256.js';
export { normalizeTrigger } from './util/normalize-trigger.js';
export { sidecarPathFor } from './util/posix-path.js';
export {
  canonicalFrontmatter,
  hashFrontmatter,
  parseFrontmatter,
  splitFrontmatter,
} from './parse/frontmatter.js';
export {
  ANALYZER_CATALOG,
  analyzerCatalogOf,
  resolveAnalyzerId,
  type AnalyzerCatalogEntry,
} from './analyzers/catalog.js';
export { authoredPath } from './analyzers/path-lookup.js';
export { shortAnalyzerId, suppressionMatches } from './graph/issue-sink.js';
export {
  BUILTIN_PROVIDERS,
  DEFAULT_LENS,
  getProvider,
  KNOWN_NODE_KINDS,
  LENS_PROVIDERS,
} from './providers/registry.js';
export type { Provider } from './providers/provider.js';
export { BUILTIN_EXTRACTORS } from './extractors/registry.js';
export {
  applyExportQuery,
  EXPORT_QUERY_KEYS,
  exportQueryFromFields,
  formatExportQuery,
  isEmptyExportQuery,
  parseExportQuery,
  unknownKindMessage,
  type ExportQuery,
  type ExportQueryError,
  type ExportQueryFields,
} from './query/export-query.js';
export { compileGlob } from './query/glob.js';
export {
  projectBranch,
  resolveMapScope,
  scopeAdmits,
  type BranchProjection,
  type MapScope,
  type MapScopeError,
  type MapScopeInput,
} from './query/scope.js';
export { closeOver } from './query/subgraph.js';
export type { ClosedSubgraph, Subgraph } from './query/subgraph.js';
export { DEFAULT_RULES_URI, formatSarif, issueFile, issueRegion, type SarifLog } from './format/sarif.js';
export { escapeGithubData, escapeGithubProperty, formatGithub, githubAnnotation } from './format/github.js';
export { formatGraph, GRAPH_FORMATS, isGraphFormat, type GraphFormat } from './format/format-graph.js';
export {
  EXPORT_FORMATS,
  formatExport,
  formatExportMarkdown,
  toExportDocument,
  type ExportDocument,
  type ExportFormat,
} from './format/export-formats.js';
export { scanSources, type ScanSourcesOptions, type ScanSourcesResult } from './scan.js';
export { createRegistry, type RegistryBuilder } from './registry/registry.js';
export {
  BUILTIN_KIND_UI,
  contributionsRegistryOf,
  envelopeRegistriesOf,
  kindRegistryOf,
  providerRegistryOf,
} from './registry/kind-registry.js';
export {
  BUILTIN_PLUGIN_VERSION,
  defaultKernelRegistry,
  kernelBuiltinPlugins,
  registryOf as registryOfPlugins,
  type BuiltinPlugin,
} from './registry/core-plugins.js';
export {
  DUAL_MODE_KINDS,
  EXTENSION_KINDS,
  HOOK_TRIGGERS,
  type Hook,
  type HookTrigger,
  type ActionOutcome,
  type ActionParam,
  type ActionRunArgs,
  type DeterministicAction,
  type ExtensionEntry,
  type ExtensionImpl,
  type ExtensionInput,
  type UiDeclaration,
  type ExtensionKind,
  type ExtensionMode,
  type ExtensionRegistry,
  type Formatter,
  type PluginDescriptor,
  type PluginSource,
  type RegistrationError,
} from './registry/types.js';
export type { Analyzer, AnalyzerPhase, ContributionPayload, GraphView } from './analyzers/analyzer.js';
export type { Extractor, ExtractInput, ExtractSink } from './extractors/extractor.js';
export type { ConfidenceOp, IssueSink } from './graph/issue-sink.js';
