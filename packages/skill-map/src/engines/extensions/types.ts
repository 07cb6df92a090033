import type { Hook } from '../../kernel/index.js';
/** What an extension's job runs as: a finder is a probabilistic analyzer, fixers and standalone jobs are actions. */
export type ExtensionKind = 'analyzer' | 'action';

/** `finder` records findings; `fixer` resolves a finder's findings or a deterministic analyzer's issues; `standalone` neither. */
export type ExtensionRole = 'finder' | 'fixer' | 'standalone';

/** What the record engine does with a validated report. */
export type ReportKind = 'findings' | 'fixer' | 'summary' | 'tags';

/**
 * A probabilistic extension skill-map ships (spec §4): a prompt template an agent works through and the schema
 * its report must satisfy. Definitions are plain data; the catalog (engines/extensions) applies enable state.
 */
export interface ProbExtension {
  /** Qualified id, `core/ai-security-analyzer`. */
  readonly id: string;
  /** Semver of the prompt + schema pair; part of the job's content hash. */
  readonly version: string;
  readonly kind: ExtensionKind;
  readonly role: ExtensionRole;
  /** One sentence for `list_extensions`. */
  readonly description: string;
  /** Fixers: the finders (qualified ids) or deterministic analyzers (`core/reference-broken`) they resolve. */
  readonly analyzerIds?: readonly string[];
  readonly report: ReportKind;
  /**
   * The report's JSON Schema (draft 2020-12), self-contained (no external `$ref`): it is inlined verbatim in
   * the rendered prompt's report contract and validated with ajv at record time.
   */
  readonly reportSchema: Readonly<Record<string, unknown>>;
  /** The prompt template: markdown with exactly one `{{userContent}}` seam (where node content goes). */
  readonly template: string;
  /** Claim order when neither the flag nor `jobs.perExtensionPriority.<id>` says otherwise. Default 0. */
  readonly defaultPriority?: number;
  /** Typical run time in seconds (informational, shown by `sm jobs extensions`). */
  readonly expectedSeconds?: number;
  /** Enabled unless the config says otherwise. Default true. */
  readonly defaultEnabled?: boolean;
  /** Hidden system extensions (never listed, never submitted by an operator). */
  readonly locked?: boolean;
}

/** One `list_extensions` entry (the contract's shape). */
export interface ExtensionInfo {
  id: string;
  kind: ExtensionKind;
  role: ExtensionRole;
  description: string;
  analyzerIds?: string[];
}

/** The probabilistic extensions of this build with the live enable state (config passed per call). */
export interface ExtensionCatalog {
  /** Every extension, enabled or not, locked included (the record engine needs the one a job was made for). */
  all(): readonly ProbExtension[];
  /** The extension of a qualified id, enabled or not; undefined when this build has none. */
  get(id: string): ProbExtension | undefined;
  /** Enabled, unlocked extensions sorted by id. */
  listEnabled(config: Readonly<Record<string, unknown>>): ProbExtension[];
  /**
   * Resolves what an operator typed: a qualified id, a bare suffix (`ai-security-analyzer`, `security`?) or an
   * `action:`/`analyzer:` prefixed form. Throws EngineError `not-found` (with suggestions), `ambiguous-extension`
   * or `unsupported-extension` (deterministic, disabled, locked).
   */
  resolve(input: string, config: Readonly<Record<string, unknown>>): ProbExtension;
  /**
   * Reloads what can change between two calls: the project's drop-in finders (trusted, enabled plugins). The
   * engines call it first in each operation that reads the catalog; a catalog of fixed definitions has none.
   */
  refresh?(config: Readonly<Record<string, unknown>>): Promise<void>;
  /** The drop-ins' hooks as of the last refresh (none before one, nor for a catalog of fixed definitions). */
  hooks?(): readonly Hook[];
}
