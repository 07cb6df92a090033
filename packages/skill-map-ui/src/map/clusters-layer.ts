// The layer behind the nodes: host and folder circles, drawn on a 2D canvas after each sigma render so they pan
// and zoom with the graph; their names go to the label layer (placed with the node labels, never over one). Small or off-screen circles are skipped (cheap at any size).
import type Sigma from 'sigma';
import { hostColor, palette, withAlpha, type Theme } from './colors';
import type { Cluster } from './layout';
import type { ClusterLabel } from './label-layer';
import { PanShift, setShown } from './layer-hygiene';
import { prepareOverlay } from './overlay-canvas';

export class ClustersLayer {
  readonly canvas = document.createElement('canvas');
  private clusters: Cluster[] = [];
  private hosts: string[] = [];
  theme: Theme = 'light';
  /** The names of the circles drawn this frame, biggest first (the label layer places and draws them). */
  labels: ClusterLabel[] = [];
  /** Circles not drawn (the semantic zoom's aggregates draw them). */
  skip: ReadonlySet<string> = new Set();
  private readonly shift = new PanShift(this.canvas);

  constructor() {
    this.canvas.className = 'map-clusters';
    this.canvas.setAttribute('aria-hidden', 'true');
  }

  setClusters(clusters: Cluster[]): void {
    // Big circles first, so nested folders paint over their parents.
    this.clusters = [...clusters].sort((a, b) => a.depth - b.depth || b.r - a.r);
    this.hosts = [...new Set(clusters.map((c) => c.host))].sort();
  }

  /** Draws the circles for sigma's frame; while the camera pans (`moving`, same zoom) it moves what it drew. */
  draw(sigma: Pick<Sigma, 'getDimensions' | 'graphToViewport' | 'getCamera'>, moving: boolean): void {
    if (this.shift.shifted(sigma, moving, [this.clusters, this.skip, this.theme])) return;
    const overlay = prepareOverlay(this.canvas, sigma);
    if (overlay === null) return;
    const { ctx, width, height } = overlay;
    const pal = palette(this.theme);
    const labels: ClusterLabel[] = [];
    let drawn = 0;
    for (const cl of this.clusters) {
      if (this.skip.has(cl.key)) continue;
      const p = sigma.graphToViewport({ x: cl.x, y: cl.y });
      const q = sigma.graphToViewport({ x: cl.x + cl.r, y: cl.y });
      const r = Math.hypot(q.x - p.x, q.y - p.y);
      if (r < 6 || p.x + r < 0 || p.y + r < 0 || p.x - r > width || p.y - r > height) continue;
      const host = cl.depth === 0;
      const hc = hostColor(cl.host, this.hosts, this.theme);
      ctx.beginPath();
      ctx.arc(p.x, p.y, r, 0, Math.PI * 2);
      ctx.fillStyle = host ? withAlpha(hc, this.theme === 'light' ? 0.05 : 0.08) : `${pal.cluster}0.035)`;
      ctx.fill();
      ctx.lineWidth = host ? 2 : 1;
      ctx.strokeStyle = host ? withAlpha(hc, 0.55) : `${pal.cluster}${cl.depth === 1 ? 0.3 : 0.2})`;
      ctx.stroke();
      drawn++;
      if (r > (host ? 30 : 45))
        labels.push({
          key: cl.key,
          text: cl.label,
          x: p.x,
          y: p.y - r,
          host,
          color: host ? hc : pal.clusterLabel,
        });
    }
    this.labels = labels;
    setShown(this.canvas, drawn > 0);
  }
}
