import type { Link, Severity } from '@skill-map/spec';
import type { Assembled } from '../graph/assemble.js';
import type { IssueSink } from '../graph/issue-sink.js';
import type { LinkState } from '../graph/resolve.js';
import type { ScanSettings } from '../types.js';

/** What analyzers see: the assembled node set, the resolved links and their states. */
export interface GraphView {
  lens: string;
  settings: ScanSettings;
  graph: Assembled;
  links: readonly Link[];
  states: readonly LinkState[];
}

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
  run(view: GraphView, sink: IssueSink): void;
}

/** Index of links by source path (built on demand by analyzers that need it). */
export function linksBySource(links: readonly Link[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  links.forEach((link, i) => {
    const list = out.get(link.source);
    if (list === undefined) out.set(link.source, [i]);
    else list.push(i);
  });
  return out;
}

/** True when every occurrence of the link sits in code (usage examples). */
export function onlyInCode(link: Link): boolean {
  return (link.occurrences ?? []).length > 0 && (link.occurrences ?? []).every((o) => o.context === 'code-block' || o.context === 'inline-code');
}
