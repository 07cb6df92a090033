// The extension model (spec §1.1): six closed kinds behind one registry, qualified ids `<plugin>/<extension>`.
import type { UiContribution, ViewContribution } from '@skill-map/spec';
import type { Analyzer } from '../analyzers/analyzer.js';
import type { Extractor } from '../extractors/extractor.js';
import type { Provider } from '../providers/provider.js';
import type { Subgraph } from '../query/subgraph.js';

/** The six extension kinds (closed). */
export const EXTENSION_KINDS = ['provider', 'extractor', 'analyzer', 'action', 'formatter', 'hook'] as const;

/** An extension kind. */
export type ExtensionKind = (typeof EXTENSION_KINDS)[number];

/** `deterministic` runs in the scan (or on demand); `probabilistic` only ever becomes a queued job. */
export type ExtensionMode = 'deterministic' | 'probabilistic';

/** The kinds that may be probabilistic; every other kind is deterministic only. */
export const DUAL_MODE_KINDS: ReadonlySet<ExtensionKind> = new Set(['analyzer', 'action']);

/** A graph formatter (`sm graph --format <format>`, `GET /api/graph?format=`): byte-deterministic for one graph. */
export interface Formatter {
  /** Qualified id (`core/ascii`). */
  id: string;
  /** The `--format` value it answers to. */
  format: string;
  /** MIME type of its output (REST `content-type`). */
  contentType: string;
  render(graph: Subgraph): string;
}

/** One input parameter of a deterministic action (`params` of its manifest). */
export interface ActionParam {
  type: 'string' | 'string-list';
  required?: boolean;
  /** Allowed values (of the string, or of each list item). */
  enum?: readonly string[];
  description: string;
}

/** What a deterministic action is given: copies, never the engine's own objects. */
export interface ActionRunArgs {
  node: { path: string; kind: string; bodyHash: string; frontmatterHash: string };
  /** The node's whole `.sm` document as it is now (empty object when there is none). */
  sidecar: Readonly<Record<string, unknown>>;
  /** The validated input (`params`). */
  input: Readonly<Record<string, unknown>>;
  /** ISO-8601 time of the run. */
  now: string;
  /** Who runs it (the OS user). */
  by: string;
}

/** A deterministic action's answer: a deep-merge patch of the sidecar document and its own report. */
export interface ActionOutcome {
  patch: Record<string, unknown>;
  report: Record<string, unknown>;
}

/**
 * A deterministic action (spec §4.2): computes a sidecar patch for one node, synchronously; the engine applies it
 * through the one `.sm` write chokepoint after the consent gate. It never writes anything itself.
 */
export interface DeterministicAction {
  /** Qualified id (`core/node-bump`). */
  id: string;
  /** What it may write: only the node's sidecar. */
  writes: readonly 'sidecar'[];
  params: Readonly<Record<string, ActionParam>>;
  /** Node kinds it applies to (absent: any). */
  precondition?: { kind?: readonly string[] };
  run(args: ActionRunArgs): ActionOutcome;
}

/** The lifecycle events a hook may subscribe to (the reference's curated set). */
export const HOOK_TRIGGERS = [
  'boot',
  'scan.started',
  'scan.completed',
  'extractor.completed',
  'analyzer.completed',
  'action.completed',
  'job.completed',
  'job.failed',
  'shutdown',
] as const;
export type HookTrigger = (typeof HOOK_TRIGGERS)[number];

/** A hook: told of the events it subscribes to (and its `filter` lets through); it cannot change what happens. */
export interface Hook {
  /** Qualified id (`<plugin>/<hook>`). */
  id: string;
  triggers: readonly HookTrigger[];
  /** Payload fields and the values they must equal for `on` to be called; null: every event of its triggers. */
  filter: Readonly<Record<string, unknown>> | null;
  on(event: { trigger: HookTrigger; payload: Readonly<Record<string, unknown>> }): void;
}

/** The implementation an entry carries, by kind and mode. */
export type ExtensionImpl =
  | { kind: 'provider'; mode: 'deterministic'; impl: Provider }
  | { kind: 'extractor'; mode: 'deterministic'; impl: Extractor }
  | { kind: 'analyzer'; mode: 'deterministic'; impl: Analyzer }
  | { kind: 'formatter'; mode: 'deterministic'; impl: Formatter }
  /** Probabilistic analyzers and actions: opaque to the kernel (engines run them). */
  | { kind: 'analyzer' | 'action'; mode: 'probabilistic'; impl: unknown }
  | { kind: 'action'; mode: 'deterministic'; impl: DeterministicAction }
  | { kind: 'hook'; mode: 'deterministic'; impl: Hook };

/** What a plugin offers the registry for one extension. */
export type ExtensionInput = ExtensionImpl & {
  /** Extension id: bare (`copilot`) or already qualified with the plugin's own id (`core/markdown-link`). */
  id: string;
  version: string;
  description: string;
  /** False: off until switched on (`plugins.<plugin>.extensions.<ext>.enabled: true`); default true. */
  defaultEnabled?: boolean;
  /** Its `ui` map: the view contributions it emits at scan time (`ctx.emitContribution`), checked at load. */
  ui?: readonly UiDeclaration[];
};

/** One entry of an extension's `ui` map: its key (the contribution's id in the plugin) and the extension's id. */
export type UiDeclaration = UiContribution & { key: string; extension: string };

/** One registered extension. */
export type ExtensionEntry = ExtensionInput & {
  /** `<plugin>/<extension>`. */
  qualifiedId: string;
  pluginId: string;
  /** The id without its plugin prefix. */
  shortId: string;
};

/** Where a plugin came from. */
export type PluginSource = 'built-in' | 'project' | 'user';

/** A plugin as the registry knows it (its manifest's identity). */
export interface PluginDescriptor {
  id: string;
  version: string;
  /** Semver range of the spec versions it supports. */
  specCompat: string;
  description?: string;
  source: PluginSource;
  /** The valid view contributions its manifest declares (plugin.json, deprecated; REST `contributionsRegistry`). */
  contributions?: readonly ViewContribution[];
  /** The `ui` map entries of its extensions (REST `contributionsRegistry`). */
  ui?: readonly UiDeclaration[];
}

/** Why an extension was refused at registration. */
export interface RegistrationError {
  pluginId: string;
  extensionId: string;
  code: 'id-collision' | 'foreign-namespace' | 'invalid-mode' | 'invalid-id';
  message: string;
}

/** The frozen registry every scan, verb and route reads (a builder makes it; nothing mutates it afterwards). */
export interface ExtensionRegistry {
  /** Registered plugins in registration order. */
  plugins(): readonly PluginDescriptor[];
  /** Every entry, in registration order. */
  all(): readonly ExtensionEntry[];
  /** The entries of one kind, in registration order. */
  ofKind(kind: ExtensionKind): readonly ExtensionEntry[];
  get(qualifiedId: string): ExtensionEntry | undefined;
  providers(): readonly Provider[];
  extractors(): readonly Extractor[];
  /** Deterministic analyzers (the scan runs these, phase by phase, in this order). */
  analyzers(): readonly Analyzer[];
  formatters(): readonly Formatter[];
  /** The formatter answering to a `--format` value. */
  formatter(format: string): Formatter | undefined;
  /**
   * A stable string naming what the scan's per-file stage depends on (providers and extractors with versions): part
   * of the records' cache key, so adding or removing a plugin provider re-analyses. Empty for the built-ins alone.
   */
  readonly fileKey: string;
  /** Same for the graph stage (analyzers); the incremental context key. */
  readonly graphKey: string;
  /** JSON form (ids and versions): settings holding a registry serialise to its identity. */
  toJSON(): string;
}
