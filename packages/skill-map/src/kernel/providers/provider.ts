import type { KindUi, LinkKind, NodeKind } from '@skill-map/spec';
import type { NodeIdentifier } from '../types.js';

/** How strongly a marker votes for a lens: host config dirs are strong, plugin manifests weak. */
export type MarkerStrength = 'strong' | 'weak';

/** A lens marker: a path prefix at the top of a scan root. */
export interface LensMarker {
  /** Prefix such as `.claude/` (a directory) or `opencode.json` (a file). */
  prefix: string;
  strength: MarkerStrength;
}

/** Format of a host's MCP config file. */
export type McpConfigFormat = 'mcp-servers-json' | 'opencode-jsonc' | 'codex-toml';

/** An MCP config file a provider declares (read regardless of the lens: it lists servers the project uses). */
export interface McpConfigSpec {
  /** Matches the path (segment-anchored). */
  pattern: RegExp;
  format: McpConfigFormat;
}

/** Inputs classification may depend on besides the path. */
export interface ClassifyContext {
  /** Plugin roots from the lens decision, longest first. */
  pluginRoots: readonly string[];
}

/** A host (or layout) that classifies files into node kinds. */
export interface Provider {
  /** Provider id, stamped on the nodes it classifies. */
  id: string;
  stability: 'stable' | 'beta' | 'experimental' | 'locked';
  /** Gated providers (hosts) classify only when active; non-gated ones always run (after the active hosts). */
  gated: boolean;
  /** Whether the provider can be active (gated providers, plus the open `agent-skills` layout). */
  lensCapable: boolean;
  /** Lens markers (empty for non-gated providers). */
  markers: readonly LensMarker[];
  /**
   * Providers whose territory this one also reads (opencode reads `.claude/skills`). Informational: since every
   * detected host is active, it no longer removes the subsumed provider from the active set.
   */
  subsumes: readonly string[];
  /** Kinds this provider emits (each in the spec's vocabulary, NODE_KINDS). */
  kinds: readonly NodeKind[];
  /** How the web page draws the kinds it declares (REST `kindRegistry`); the built-in visuals when absent. */
  ui?: Readonly<Partial<Record<string, KindUi>>>;
  /**
   * Resolution map: for each link kind, the node kinds a trigger may resolve to, in priority order (merged across the
   * active set).
   */
  resolution: Partial<Record<LinkKind, readonly string[]>>;
  /** Names the runtime reserves, per node kind (raw spelling; normalised by the registry). */
  reserved: Readonly<Record<string, readonly string[]>>;
  /** MCP config files this host reads. */
  mcpConfigs: readonly McpConfigSpec[];
  /** Invocation sigil of the host, if any. */
  sigil: '/' | '$' | '@' | null;
  /** Directory where the host installs skills (scaffold target), if any. */
  skillDir: string | null;
  /** Returns the node kind for `path`, or null when the path is outside this provider's territory. */
  classify(path: string, ctx: ClassifyContext): NodeKind | null;
}

/** Which identifiers each kind declares for the cross-kind name index. */
export const KIND_IDENTIFIERS: Readonly<Record<string, readonly NodeIdentifier['via'][]>> = {
  skill: ['frontmatter.name', 'dirname'],
  agent: ['frontmatter.name', 'filename-basename'],
  command: ['frontmatter.name', 'filename-basename'],
  workflow: ['frontmatter.name', 'filename-basename'],
  rule: ['filename-basename'],
  markdown: ['filename-basename'],
  mcp: [],
  settings: [],
  plugin: [],
  marketplace: [],
};

/** Builds a segment-anchored path matcher from a pattern body (`\.claude/agents/.+\.md`). */
export function territory(body: string): RegExp {
  return new RegExp(`(?:^|/)${body}$`);
}

/** Returns the first kind whose pattern matches `path`, or null. */
export function firstMatch(path: string, table: readonly (readonly [RegExp, NodeKind])[]): NodeKind | null {
  for (const [re, kind] of table) if (re.test(path)) return kind;
  return null;
}
