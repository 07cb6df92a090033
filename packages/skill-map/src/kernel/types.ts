// The kernel's contract with the storage/orchestration side: walker → read → analyzeFile (cacheable) → buildGraph.
import type { InlineSuppression } from './parse/inline-suppressions.js';
import type { ExtensionRegistry } from './registry/types.js';
import type {
  Issue,
  LinkKind,
  LinkOccurrence,
  Node,
  OccurrenceContext,
  OversizedFile,
  ScannedBy,
  Tokenizer,
} from '@skill-map/spec';
import type { HashFn } from './util/sha256.js';

/** What the walker hands over for each accepted file (the kernel never reads disk). */
export interface SourceFile {
  /** Scope-root-relative POSIX path (no leading `./`). */
  path: string;
  /** The decoded file content (UTF-8). */
  text: string;
  /** Size of the file on disk, in bytes. */
  bytes: number;
  /** mtime in epoch ms, or null when unknown. */
  modifiedAtMs: number | null;
  /** Optional sha256 hex of the raw bytes (the adapter computes it with node:crypto); hashed from `text` if absent. */
  contentHash?: string;
}

/** One typed entry of the `ignored-references` match-list. */
export interface IgnoredReference {
  readonly type: 'literal' | 'regex' | 'glob';
  readonly value: string;
}

/** Project settings that influence a scan (a projection of the layered config). */
export interface ScanSettings {
  /** Committed lens (settings `activeProvider`): one id or a list (the active set); unknown ids warn; else detected. */
  activeProvider?: string | readonly string[] | null;
  /** Marker snapshot stored with the committed lens, for drift warnings. */
  activeProviderMarkers?: readonly string[];
  /** Scan roots relative to the scope (default `['.']`). */
  roots?: readonly string[];
  /** `--strict`: kernel-stamped frontmatter diagnostics become errors. */
  strict?: boolean;
  /** Extractor ids (qualified) to skip. */
  disabledExtractors?: readonly string[];
  /** Analyzer ids (qualified or short) to skip. */
  disabledAnalyzers?: readonly string[];
  /** `false` (`--no-inline-suppressions`): the files' inline suppressions are ignored (an audit sees every issue). */
  inlineSuppressions?: boolean;
  /** `reference-broken` ignore list: typed entries, or strings (`/regex/`, `*` glob, literal); see ignored-references.ts. */
  ignoredReferences?: readonly (string | IgnoredReference)[];
  /** Extra path prefixes (`scan.referencePaths`) that count as existing for broken-reference checks. */
  referencePaths?: readonly string[];
  /** skill-listing-budget's budget, in characters (default 8000). */
  listingBudget?: number;
  /** agents-md-over-limit's limit, in bytes (default 32 KiB, Codex's `project_doc_max_bytes`). */
  agentsMdMaxBytes?: number;
  /**
   * node-never-run's facts, read by the engine from the activity capture (absent: capture is not installed, the check
   * is silent). Only what the check's answer depends on, so a rescan reuses the stored graph while it holds.
   */
  neverRun?: NeverRunFacts;
  /**
   * The extensions this scan runs (providers, extractors, analyzers). Absent: the kernel's built-in plugins. A registry
   * with nothing registered classifies nothing: the graph is empty. Serialises to its identity (ids and versions).
   */
  registry?: ExtensionRegistry;
}

/** What node-never-run reads of the activity capture (engines/activity/never-run.ts builds it). */
export interface NeverRunFacts {
  /** The window, in days. */
  windowDays: number;
  /** Hosts whose capture is installed and has covered the whole window (installed at least `windowDays` ago). */
  hosts: readonly string[];
  /** Node paths the capture saw run inside the window, sorted. */
  seen: readonly string[];
}

/**
 * Why the active set is what it is. `ambiguous` is kept for type compatibility only: since every detected host is
 * active, {@link detectLens} never produces it.
 */
export type LensStatus = 'configured' | 'detected' | 'ambiguous' | 'default';

/** The active providers (the lens) and the evidence behind them. */
export interface LensDecision {
  /** The primary provider: the first of {@link providers} in precedence order (display, compatibility). */
  provider: string;
  /**
   * Every active provider, in precedence order (claude > opencode > codex > antigravity > cursor > agent-skills);
   * never empty, `providers[0] === provider`. Each gated one classifies its territory, enables its grammar extractors
   * and contributes its resolution map and reserved names.
   */
  providers: string[];
  /** `configured` (settings), `detected` (markers) or `default` (no marker: `agent-skills`). Never `ambiguous`. */
  status: LensStatus;
  /** Marker paths found (sorted), e.g. `.claude/`, `.claude-plugin/`. */
  markers: string[];
  /** Providers whose markers were found, in precedence order. */
  candidates: string[];
  /** Plugin roots (dirs holding `.claude-plugin/`, `.cursor-plugin/` or `.codex-plugin/` manifests), `''` = scope root. */
  pluginRoots: string[];
  /** True when a configured lens's stored marker snapshot differs from the markers found now. */
  markersDrift: boolean;
  /** Human-readable notes (unknown configured provider, plugin-manifest tie-break). */
  warnings: string[];
}

/** Context of the per-file stage; everything a {@link FileRecord} depends on besides the file itself. */
export interface FileContext {
  lens: LensDecision;
  settings: ScanSettings;
  /** Normalised scan roots (`''` for the scope root). */
  roots: string[];
  /** sha256-hex function (inject node:crypto from adapters; defaults to the pure implementation). */
  hash: HashFn;
  /** Hash over the active set + settings that affect analyzeFile; a cached FileRecord is valid only for the same key. */
  cacheKey: string;
}

/** Where an occurrence was authored: `[line, column, offset]` (1-based line and column, 0-based UTF-16 offset). */
export type LinkAt = [line: number, column: number, offset: number];

/** Code context of an occurrence, when it is not prose. */
export type RawContext = Exclude<OccurrenceContext, null>;

/** A further occurrence of a {@link RawLink} (after the first one, which the link carries inline). */
export interface RawOccurrence {
  /** Qualified extractor id; absent = `core/markdown-link`. */
  by?: string;
  at: LinkAt;
  /** Absent = prose. */
  ctx?: RawContext;
}

/**
 * A link as extracted from one file, deduped within it, before resolution. Stored compactly: every field a reader can
 * derive is left out, and absence means the default written next to it (see `record-format.ts`, which holds the
 * readers). The source is the record's `path`; `sources` are the occurrences' extractors; `location` is `at`; the
 * trigger of a trigger-style link is its target (normalised at graph time). The "local form" of a path-style target is
 * the target relative to the source file's directory (the target itself at the scope root), when it lies below it.
 */
export interface RawLink {
  /** Target: the authored trigger, or the scope-relative normalised path. */
  target: string;
  /** Extractor of the first occurrence (qualified id); absent = `core/markdown-link`. */
  by?: string;
  /** Location of the first occurrence (the link's location). */
  at: LinkAt;
  /** Context of the first occurrence; absent = prose. */
  ctx?: RawContext;
  /** Link kind; absent = the kind the extractor (`by`) emits. */
  kind?: LinkKind;
  /** Authored text; absent = the target's local form, else the target. */
  raw?: string;
  /** Further occurrences, in order (offset, then extractor). */
  more?: RawOccurrence[];
  /** Path-style (markdown links, backtick paths, `@file`, `mcp://`) or trigger-style; absent = what `by` emits. */
  pathStyle?: boolean;
  /** Authored trigger; absent = the target for trigger-style links, null for path-style ones. */
  trigger?: string | null;
  /** Every occurrence verbatim, only when they cannot be derived (an occurrence's trigger differs from the link's). */
  occurrences?: LinkOccurrence[];
  /** Root-relative fallback target tried when the target matches nothing; `true` = the same as `bare`. Absent = none. */
  fallback?: string | true;
  /** Bare authored path (no `./`, `../`, `/`), also tried relative to the enclosing skill folder. Absent = the target's
   *  local form (none when it has none); null = none. */
  bare?: string | null;
  /** Kinds to resolve against instead of the merged resolution map (plugin-qualified `ns:skill` triggers). */
  resolveKinds?: string[];
  /** Speculative links (plugin-qualified triggers) are dropped when they do not resolve. Absent = false. */
  speculative?: true;
}

/**
 * The node a record contributes, stored compactly (absence means the default written next to each field). The graph
 * stage expands it to a spec {@link Node} (`path` = the record's path, link counts from the graph).
 */
export interface RecordNode {
  kind: string;
  /** Absent = `core/markdown`. */
  provider?: string;
  /** Absent = the record's `contentHash` (a file without frontmatter whose text is its bytes). */
  bodyHash?: string;
  /** Absent = sha256 of the empty string (no frontmatter). */
  frontmatterHash?: string;
  /** Size on disk. */
  bytes: number;
  /** Bytes before the body (frontmatter block, or a TOML agent's non-body part); absent = 0. */
  headBytes?: number;
  modifiedAtMs: number | null;
  frontmatter?: Record<string, unknown>;
  /** Distinct external URLs, sorted (their count is `externalRefsCount`). */
  externalRefs?: string[];
}

/** A name a node answers to, for the cross-kind name index. */
export interface NodeIdentifier {
  /** Normalised handle (trigger normalisation, no sigil). */
  handle: string;
  via: 'frontmatter.name' | 'filename-basename' | 'dirname';
}

/** A parsed `.sm` sidecar file. */
export interface ParsedSidecar {
  /** Path of the `.sm` file. */
  path: string;
  /** Node path it annotates (`foo.sm` → `foo.md`). */
  forPath: string;
  /** False when the YAML could not be parsed or was not a mapping. */
  ok: boolean;
  root: Record<string, unknown> | null;
  annotations: Record<string, unknown> | null;
  identity: { bodyHash: string | null; frontmatterHash: string | null } | null;
  /** Unknown root keys / non-namespaced unknown annotation keys, sorted. */
  unknownFields: string[];
  /** Parse or shape errors (empty when ok). */
  errors: string[];
}

/** What the file is to the kernel. */
export type FileRole = 'node' | 'sidecar' | 'mcp-config' | 'plugin-manifest' | 'ignored';

/**
 * What a file contributes to the graph: the cacheable result of {@link analyzeFile}. JSON-serialisable and compact:
 * optional fields are omitted when they hold their default (written next to each), and nothing the graph stage can
 * recompute cheaply is stored (node identifiers, link sources, the link location inside occurrences).
 */
export interface FileRecord {
  path: string;
  /** sha256 hex of the content (`SourceFile.contentHash` when given, else of `text`). */
  contentHash: string;
  /** `cacheKey(ctx)` the record was produced under. */
  cacheKey: string;
  /** What the file is to the kernel; absent = `node`. */
  role?: FileRole;
  node: RecordNode | null;
  /** Absent = none. */
  virtualNodes?: Node[];
  /** Absent = none. */
  links?: RawLink[];
  /** Kernel-stamped issues (frontmatter, backtick, binary, MCP config, invalid sidecar); absent = none. */
  issues?: Issue[];
  /** Absent = not a sidecar. */
  sidecar?: ParsedSidecar;
  /** Plugin names declared by a plugin/marketplace manifest (for `plugin:skill` triggers); absent = none. */
  pluginNames?: string[];
  /** Inline suppressions (`<!-- sm-disable... -->`, frontmatter `metadata.sm-disable`); absent = none. */
  suppressions?: InlineSuppression[];
}

/**
 * A file the walk had to leave unread: a candidate that is not a regular file (a device, FIFO or socket, or a
 * symlink to one), or an ignore file (`.gitignore`, `.skillmapignore`) that is not one, is over its cap or could
 * not be read (its rules were not applied). Each becomes one `file-unreadable` issue.
 */
export interface UnreadableFile {
  /** Scope-root-relative POSIX path. */
  path: string;
  reason: 'not-a-file' | 'oversized' | 'unreadable';
  /** True for an ignore file (whose rules were not applied), false for a node or sidecar candidate. */
  ignoreFile: boolean;
  /** Size seen, for `oversized`. */
  bytes?: number;
  /** The cap it went over, for `oversized`. */
  limit?: number;
  /** The system error code, for `unreadable`. */
  errorCode?: string;
}

/** Context of the graph stage: walk facts the caller measured plus the same lens/settings. */
export interface GraphContext {
  lens: LensDecision;
  settings: ScanSettings;
  /** Scan roots as configured (echoed in `ScanResult.roots`, default `['.']`). */
  roots?: readonly string[];
  /** Every path the walker saw (accepted, skipped, oversized, non-candidate): broken-path checks use it. */
  existingPaths?: ReadonlySet<string>;
  scannedAt?: number;
  durationMs?: number;
  filesWalked?: number;
  /** Defaults to `skippedFiles.length` when absent. */
  filesSkipped?: number;
  /** Paths the walker refused (ignored by policy, unreadable, symlink escapes); only counted. */
  skippedFiles?: readonly string[];
  oversizedFiles?: readonly OversizedFile[];
  /** Files left unread for what they are (see {@link UnreadableFile}). */
  unreadableFiles?: readonly UnreadableFile[];
  /** `scan.maxScan` in force. */
  scanCeiling?: number;
  /** The walker stopped at the ceiling: the result is loud about it (stat + `scan-truncated` issue). */
  scanTruncated?: boolean;
  maxRenderNodes?: number;
  scannedBy?: ScannedBy;
  tokenizer?: Tokenizer;
}
