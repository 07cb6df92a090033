// Where the map's nodes are, over the page's life: a new or changed node set is packed by the layout in its Web
// Worker (layout-client.ts) keeping every known node's position (layout.ts), positions are kept across rescans
// and reloads (persist.ts), and a newer map supersedes a layout still pending. A map whose nodes all kept their
// positions is placed at once.
import type { MapProjection } from '../api/types';
import { LayoutClient } from './layout-client';
import type { Cluster, Point } from './layout';
import { loadPositions, savePositions } from './persist';

export class Placement {
  positions: Map<string, Point> | null = null;
  private readonly client = new LayoutClient();
  private pending: Promise<void> | null = null;
  private ticket = 0;

  /**
   * Places `map`'s nodes, then calls `placed` with the map and the layout's circles (null: unchanged), at once when
   * every node kept its position, else when the worker answers (not at all when a newer map came meanwhile).
   */
  place(map: MapProjection, placed: (map: MapProjection, circles: Cluster[] | null) => void): void {
    const project = map.roots.join('\n');
    const previous = this.positions ?? loadPositions(project);
    const same =
      previous !== null && previous.size === map.nodes.length && map.nodes.every((n) => previous.has(n.path));
    const ticket = ++this.ticket;
    if (same && this.positions !== null) {
      this.pending = null;
      placed(map, null);
      return;
    }
    performance.mark('map:update');
    // Known positions only (a reload): the circles still come from the layout, in the worker.
    this.pending = this.client.layout(map.nodes, previous).then((layout) => {
      performance.measure('map:layout', 'map:update');
      if (ticket !== this.ticket) return;
      this.pending = null;
      this.positions = layout.positions;
      // Written when the page is idle (after the map is drawn): not part of the task that draws it.
      if (!same) whenIdle(() => savePositions(project, layout.positions));
      placed(map, layout.clusters);
    });
  }

  /** Resolves once the latest map is placed. */
  settled(): Promise<void> {
    return this.pending ?? Promise.resolve();
  }

  kill(): void {
    this.ticket++; // a layout still pending is dropped
    this.client.kill();
  }
}

/** Runs `work` once the page is idle (soon, where requestIdleCallback is missing). */
function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 10_000 });
  else setTimeout(work, 0);
}

/** The box around the host circles (the camera frames it), null without any. */
export function hostsBox(clusters: readonly Cluster[]): { x: [number, number]; y: [number, number] } | null {
  const hosts = clusters.filter((c) => c.depth === 0);
  if (hosts.length === 0) return null;
  const x: [number, number] = [Infinity, -Infinity];
  const y: [number, number] = [Infinity, -Infinity];
  for (const c of hosts) {
    x[0] = Math.min(x[0], c.x - c.r);
    x[1] = Math.max(x[1], c.x + c.r);
    y[0] = Math.min(y[0], c.y - c.r);
    y[1] = Math.max(y[1], c.y + c.r);
  }
  return { x, y };
}
