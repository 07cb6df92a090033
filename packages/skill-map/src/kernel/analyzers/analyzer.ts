import type { Link, Severity } from '@skill-map/spec';
import type { Assembled } from '../graph/assemble.js';
import type { IssueSink } from '../graph/issue-sink.js';
import type { ScanSettings } from '../types.js';
import { mentionOnly } from '../mention-extractors.js';

/** What analyzers see: the assembled node set, the resolved links and the link indices they look at. */
export interface GraphView {
  /** The primary provider. */
  lens: string;
  /** The active set, in precedence order. */
  providers: readonly string[];
  settings: ScanSettings;
  graph: Assembled;
  links: readonly Link[];
  /** Source runs: the links of one source are `links[runs[i]] .. links[runs[i + 1] - 1]`. */
  runs: readonly number[];
  /** Indices of the links whose state is `broken`, ascending. */
  broken: readonly number[];
  /** Indices of the links that resolve to their own source, ascending. */
  selfLoops: readonly number[];
  /** Runs (index into `runs`) that may hold a link-kind-conflict pair (same target, different kinds). */
  kindPairRuns: readonly number[];
  /** Runs that may hold a reference-redundant pair (same resolved node, different targets). */
  redundantPairRuns: readonly number[];
  /** Whether a scope-relative path exists on disk (walked file or folder, or under scan.referencePaths). */
  exists?: (path: string) => boolean;
  /** Indices of the links that resolve to a node whose name a runtime reserves, ascending. */
  reservedLinks: readonly number[];
  /** Every walked path (files, not only nodes): for "did you mean" and folder checks on broken links. */
  existingPaths?: ReadonlySet<string>;
  /**
   * The incremental build's view of the links it re-resolved (the index lists above are limited to them): analyzers
   * with node-level parts skip those (the previous result's node-level issues still hold).
   */
  linksOnly?: boolean;
}

/** Calls `fn(start, end)` for each run of links sharing a source. */
export function eachSourceRun(view: GraphView, fn: (start: number, end: number) => void): void {
  for (let r = 0; r + 1 < view.runs.length; r++) fn(view.runs[r]!, view.runs[r + 1]!);
}

/**
 * What a whole-graph check reads. `node`: each issue is about one node (its first node id) and follows from that node's
 * own row (frontmatter, body hash when a sidecar annotates it) and the scan's fixed facts (settings, the walked paths,
 * the sidecars): a patch re-runs it on the changed nodes only. The others read across nodes: `mcp` the links to
 * `mcp://` servers, the virtual server nodes and the settings nodes; `skills` the agents' `skills:` lists and the
 * skills' names; `imports` the `@import` links; `invocations` the invocations between agents, commands, skills and
 * workflows; `resources` the links into, out of or over the skills' resource files; `memory` the sizes of the
 * AGENTS.md files.
 */
export type WholeFacet = 'node' | 'mcp' | 'skills' | 'imports' | 'invocations' | 'resources' | 'memory';

/** Analyzer phases: `score` may adjust confidence, `detect` is the default, `aggregate` runs last. */
export type AnalyzerPhase = 'score' | 'detect' | 'aggregate';

/** A deterministic analyzer over the whole merged graph. */
export interface Analyzer {
  /** Qualified id (`core/reference-broken`); issues carry the short form. */
  id: string;
  phase: AnalyzerPhase;
  severity: Severity | 'varies';
  /** Whether its issues carry `data.target` (and so can be suppressed). */
  suppressible: boolean;
  description: string;
  /** One-line fix hint (rule metadata: `sm check --list-rules`, SARIF `help`). */
  hint?: string;
  /**
   * Reads node frontmatter or the whole link graph: the incremental build's patch mode re-runs it over the whole
   * (patched) graph instead of keeping its previous issues. The facet says what it reads (see `WholeFacet`), so that a
   * stored scan patched in place re-runs only the checks a change shows something new.
   */
  wholeGraph?: WholeFacet;
  run(view: GraphView, sink: IssueSink): void;
  /**
   * A plugin analyzer's per-node view-contribution payloads from its last run (validated against the declared render
   * shape), handed over once: null when it has not run since the last take (the stored payloads still hold).
   */
  takeContributions?(): ContributionPayload[] | null;
  /** A plugin analyzer's scan warnings since the last take (payloads `ctx.emitContribution` left out), handed over once. */
  takeWarnings?(): string[];
}

/** One node's data for one declared view contribution (`<plugin>/<id>`), as a plugin analyzer emitted it. */
export interface ContributionPayload {
  /** Qualified contribution id. */
  contribution: string;
  nodeId: string;
  /** `text`: a string; `key-value`: an object of scalars; `list`: an array of strings. */
  data: unknown;
}

/** True when every occurrence of the link sits in code (usage examples). */
export function onlyInCode(link: Link): boolean {
  return (
    (link.occurrences ?? []).length > 0 &&
    (link.occurrences ?? []).every((o) => o.context === 'code-block' || o.context === 'inline-code')
  );
}

/** True when only mention extractors found the link: it declares no kind and is no second authored form. */
export function isMentionOnly(link: Link): boolean {
  return mentionOnly(link.sources);
}
