// Draws live activity on the map's sigma: the change ActivityStyle wrote on the graph is redrawn in place (only
// those nodes and spawn edges), or, when spawn edges were added or dropped, by one process of the graph at the
// next frame; nodes whose run just arrived pulse (pulse-layer.ts).
import type Sigma from 'sigma';
import type { ActivityState } from '../state/activity-model';
import { ActivityStyle, type MapGraph } from './activity-style';
import type { Palette } from './colors';
import { isSpawnEdge, type EdgeAttrs, type NodeAttrs } from './graph-build';
import { PulseLayer } from './pulse-layer';

export class ActivityLayer {
  readonly style = new ActivityStyle();
  /** Spawn edges were added since sigma last processed the graph: they have no buffer slot to write in place. */
  private processPending = false;
  private readonly pulses: PulseLayer;

  constructor(private readonly sigma: Sigma<NodeAttrs, EdgeAttrs>) {
    this.pulses = new PulseLayer(sigma);
    sigma.on('afterProcess', () => (this.processPending = false));
  }

  /** Applies `state` (none when `shown` is false) and redraws what changed. */
  update(graph: MapGraph, state: ActivityState, shown: boolean, pal: Palette, now: number): void {
    const change = this.style.apply(graph, state, shown, pal, now);
    this.pulses.pulse(graph, change.pulse, pal.activity);
    if (change.nodes.length === 0 && change.edges.length === 0 && !change.structural) return;
    // Arrow heads stop at their target's edge: a resized node's spawn edges are written again too.
    const edges = new Set(change.edges);
    for (const n of change.nodes)
      graph.forEachEdge(n, (e) => {
        if (isSpawnEdge(e)) edges.add(e);
      });
    if (change.structural) this.processPending = true;
    this.sigma.refresh({
      partialGraph: { nodes: change.nodes, edges: [...edges].filter((e) => graph.hasEdge(e)) },
      skipIndexation: !this.processPending,
      schedule: this.processPending,
    });
  }

  /** The nodes of the latest pulse (for tests). */
  lastPulse(): string[] {
    return this.pulses.last;
  }
}
