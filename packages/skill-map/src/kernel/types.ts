// The kernel's contract with the storage/orchestration side: walker → read → analyzeFile (cacheable) → buildGraph.
import type {
  Issue,
  LinkKind,
  LinkOccurrence,
  LinkTrigger,
  Node,
  OversizedFile,
  ScannedBy,
  SourceLocation,
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

/** Project settings that influence a scan (a projection of the layered config). */
export interface ScanSettings {
  /**
   * Committed lens (`.skill-map/settings.json` `activeProvider`): one provider id, or a list of ids (the active set);
   * auto-detected when absent. Unknown ids are reported in `LensDecision.warnings` and ignored.
   */
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
  /** `reference-broken` ignore list: literal, `/regex/` (unanchored, case-sensitive) or glob (`*`, `**`). */
  ignoredReferences?: readonly string[];
  /** Extra path prefixes (`scan.referencePaths`) that count as existing for broken-reference checks. */
  referencePaths?: readonly string[];
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

/** A link as extracted from one file, before resolution (deduped within the file). */
export interface RawLink {
  source: string;
  target: string;
  kind: LinkKind;
  /** Qualified extractor ids, sorted. */
  sources: string[];
  trigger: LinkTrigger | null;
  location: SourceLocation | null;
  raw: string;
  occurrences: LinkOccurrence[];
  /** True for path-style links (markdown links, backtick paths, `@file`, `mcp://`), false for trigger-style. */
  pathStyle: boolean;
  /** Root-relative fallback target tried when `target` matches nothing (backtick paths, `@file`). */
  fallbackTarget: string | null;
  /** Bare authored path (no `./`, `../`, `/`), also tried relative to the enclosing skill folder. */
  bareDest: string | null;
  /** Kinds to resolve against instead of the merged resolution map (used by plugin-qualified `ns:skill` triggers). */
  resolveKinds: string[] | null;
  /** Speculative links (plugin-qualified triggers) are dropped when they do not resolve. */
  speculative: boolean;
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

/** What a file contributes to the graph: the cacheable result of {@link analyzeFile}. JSON-serialisable. */
export interface FileRecord {
  path: string;
  /** sha256 hex of the content (`SourceFile.contentHash` when given, else of `text`). */
  contentHash: string;
  /** `cacheKey(ctx)` the record was produced under. */
  cacheKey: string;
  /** What the file is to the kernel. */
  role: 'node' | 'sidecar' | 'mcp-config' | 'plugin-manifest' | 'ignored';
  node: Node | null;
  identifiers: NodeIdentifier[];
  virtualNodes: Node[];
  links: RawLink[];
  /** Kernel-stamped issues (frontmatter, backtick, binary, MCP config, invalid sidecar). */
  issues: Issue[];
  sidecar: ParsedSidecar | null;
  /** Plugin names declared by a plugin/marketplace manifest (for `plugin:skill` triggers). */
  pluginNames: string[];
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
  /** `scan.maxScan` in force. */
  scanCeiling?: number;
  /** The walker stopped at the ceiling: the result is loud about it (stat + `scan-truncated` issue). */
  scanTruncated?: boolean;
  maxRenderNodes?: number;
  scannedBy?: ScannedBy;
  tokenizer?: Tokenizer;
}
