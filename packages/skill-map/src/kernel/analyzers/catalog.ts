import type { Severity } from '@skill-map/spec';
import type { ExtensionRegistry } from '../registry/types.js';
import type { Analyzer } from './analyzer.js';
import { annotationFieldUnknownAnalyzer } from './annotation-field-unknown.js';
import { annotationOrphanAnalyzer } from './annotation-orphan.js';
import { CHECK_ANALYZERS } from './checks/registry.js';
import { RULE_HINTS } from './hints.js';
import { invalidSidecarAnalyzer } from './invalid-sidecar.js';
import { linkKindConflictAnalyzer } from './link-kind-conflict.js';
import { linkSelfLoopAnalyzer } from './link-self-loop.js';
import { nameCollisionAnalyzer } from './name-collision.js';
import { nameMismatchAnalyzer } from './name-mismatch.js';
import { nameReservedAnalyzer } from './name-reserved.js';
import { nodeStabilityAnalyzer } from './node-stability.js';
import { referenceBrokenAnalyzer } from './reference-broken.js';
import { referenceRedundantAnalyzer } from './reference-redundant.js';
import { referenceDeprecatedAnalyzer } from './reference-deprecated.js';

/** Built-in analyzers in run order (score phase first). */
export const BUILTIN_ANALYZERS: readonly Analyzer[] = [
  referenceBrokenAnalyzer,
  nameReservedAnalyzer,
  nameCollisionAnalyzer,
  nameMismatchAnalyzer,
  linkKindConflictAnalyzer,
  linkSelfLoopAnalyzer,
  referenceRedundantAnalyzer,
  nodeStabilityAnalyzer,
  referenceDeprecatedAnalyzer,
  annotationOrphanAnalyzer,
  annotationFieldUnknownAnalyzer,
  invalidSidecarAnalyzer,
  ...CHECK_ANALYZERS,
];

/** One entry of the analyzer catalog (used to validate `dismiss_issue` analyzers, qualified or bare). */
export interface AnalyzerCatalogEntry {
  /** Qualified id (`core/reference-broken`). */
  id: string;
  /** Short id carried by issues. */
  shortId: string;
  source: 'analyzer' | 'kernel';
  severity: Severity | 'varies';
  /** Whether its issues carry `data.target` and can be suppressed. */
  suppressible: boolean;
  description: string;
  /** One-line fix hint. */
  hint: string;
  /** The plugin of a drop-in analyzer (no rule page ships for it); absent for the built-ins and kernel stamps. */
  plugin?: string;
}

/** Kernel-stamped ids whose issues carry `data.target`. */
const STAMPED_SUPPRESSIBLE = new Set([
  'schema-violation',
  'secret-in-body',
  'dangerous-command',
  'host-field-unknown',
  'host-field-invalid',
]);

const KERNEL_STAMPED: readonly AnalyzerCatalogEntry[] = [
  ['frontmatter-parse-error', 'varies', 'Frontmatter YAML (or agent TOML) does not parse; data.line/column.'],
  ['frontmatter-malformed', 'varies', 'Frontmatter block malformed (unclosed, not on line 1); data.hint.'],
  ['frontmatter-invalid', 'varies', 'Frontmatter parses but is not a mapping.'],
  ['backtick-unbalanced', 'warn', 'Unclosed code fence or unmatched inline backtick run.'],
  ['content-binary', 'warn', 'A candidate file looks binary (NUL bytes) and was not parsed.'],
  ['mcp-config-invalid', 'warn', 'A host MCP config file does not parse.'],
  ['schema-violation', 'error', "A node or link fails the spec schema; data.target is 'node' or 'link'."],
  ['scan-truncated', 'warn', 'The walker stopped at scan.maxScan: the map is incomplete.'],
  ['file-oversized', 'info', 'A file above scan.maxFileSizeBytes was skipped.'],
  [
    'file-unreadable',
    'warn',
    'A file to read is not a regular file (a symlink to /dev/zero, a FIFO) or an ignore file is unreadable.',
  ],
  [
    'file-over-budget',
    'warn',
    'A file is over a per-file budget (frontmatter size, values or text, links); data.budget/limit.',
  ],
  ['analysis-failed', 'warn', 'Analysing one file threw; the file is left out of the map; data.error.'],
  [
    'extension-error',
    'warn',
    "A plugin's extension threw, hung or answered bad data; that answer is left out; data.extension, data.error.",
  ],
  ['manifest-invalid', 'warn', 'A plugin or marketplace manifest does not parse (or is not an object).'],
  [
    'settings-invalid',
    'warn',
    'A Claude Code settings or plugin hooks file does not parse (or is not an object).',
  ],
  [
    'secret-in-body',
    'warn',
    'A credential (API key, token, private key) is written in a file; data.kind, line.',
  ],
  [
    'dangerous-command',
    'varies',
    'An agent, command or skill tells the agent to run a destructive or unchecked command (rm -rf /, curl | sh).',
  ],
  [
    'host-field-unknown',
    'varies',
    'A frontmatter or config field the host does not document (warn for a near miss, info otherwise).',
  ],
  [
    'host-field-invalid',
    'warn',
    'A documented frontmatter or config field has the wrong value type or a value outside its documented set.',
  ],
  [
    'suppression-unused',
    'warn',
    'An inline suppression (sm-disable comment or frontmatter metadata.sm-disable) matched no issue.',
  ],
  [
    'suppression-invalid',
    'warn',
    'An inline suppression is malformed (no rule, no reason where one is needed, unknown rule id) and is not applied.',
  ],
].map(([shortId, severity, description]) => ({
  id: `core/${shortId!}`,
  shortId: shortId!,
  source: 'kernel' as const,
  severity: severity as Severity | 'varies',
  suppressible: STAMPED_SUPPRESSIBLE.has(shortId!),
  description: description!,
  hint: RULE_HINTS[shortId!] ?? '',
}));

/** A catalog entry of a deterministic analyzer, under the id the registry gave it. */
function analyzerEntry(a: Analyzer, qualifiedId: string = a.id, plugin?: string): AnalyzerCatalogEntry {
  const shortId = qualifiedId.slice(qualifiedId.lastIndexOf('/') + 1);
  return {
    id: qualifiedId,
    shortId,
    source: 'analyzer',
    severity: a.severity,
    suppressible: a.suppressible,
    description: a.description,
    hint: a.hint ?? RULE_HINTS[shortId] ?? '',
    ...(plugin === undefined ? {} : { plugin }),
  };
}

/** The built-in analyzers' ids and the kernel-stamped ones, qualified and short (no plugin loaded). */
export const ANALYZER_CATALOG: readonly AnalyzerCatalogEntry[] = [
  ...BUILTIN_ANALYZERS.map((a) => analyzerEntry(a)),
  ...KERNEL_STAMPED,
];

/**
 * Every analyzer id a scan under `registry` can emit: the registry's deterministic analyzers (built-ins and trusted,
 * enabled plugins alike, in run order) and the kernel-stamped ids.
 */
export function analyzerCatalogOf(registry: ExtensionRegistry): AnalyzerCatalogEntry[] {
  const builtIn = new Set(registry.plugins().flatMap((p) => (p.source === 'built-in' ? [p.id] : [])));
  const analyzers = registry
    .ofKind('analyzer')
    .flatMap((e) =>
      e.kind === 'analyzer' && e.mode === 'deterministic'
        ? [analyzerEntry(e.impl, e.qualifiedId, builtIn.has(e.pluginId) ? undefined : e.pluginId)]
        : [],
    );
  return [...analyzers, ...KERNEL_STAMPED];
}

/** Resolves a user-typed analyzer id (qualified `core/x` or bare `x`) against a catalog; null when unknown. */
export function resolveAnalyzerId(
  input: string,
  catalog: readonly AnalyzerCatalogEntry[] = ANALYZER_CATALOG,
): AnalyzerCatalogEntry | null {
  const trimmed = input.trim();
  return catalog.find((e) => e.id === trimmed || e.shortId === trimmed) ?? null;
}
