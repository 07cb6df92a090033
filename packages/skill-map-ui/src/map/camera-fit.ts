// Frames a set of nodes: the camera moves to the middle of their box and zooms so the box fills most of the view
// (a focus view's nodes, brought into sight in the same gesture that chose them).
import type { Attributes } from 'graphology-types';
import type Sigma from 'sigma';

export function frameNodes<N extends Attributes, E extends Attributes>(
  sigma: Sigma<N, E>,
  keys: Iterable<string>,
): void {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const k of keys) {
    const d = sigma.getNodeDisplayData(k); // framed-graph coordinates, the camera's own
    if (d === undefined) continue;
    x0 = Math.min(x0, d.x);
    y0 = Math.min(y0, d.y);
    x1 = Math.max(x1, d.x);
    y1 = Math.max(y1, d.y);
  }
  if (x0 === Infinity) return;
  const ratio = Math.min(1, Math.max(0.05, Math.max(x1 - x0, y1 - y0) * 1.6));
  void sigma.getCamera().animate({ x: (x0 + x1) / 2, y: (y0 + y1) / 2, ratio }, { duration: 300 });
}
