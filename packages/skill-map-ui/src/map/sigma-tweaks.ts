// Two costs of sigma 3's mouse handling that stall frames on a big map under software WebGL, removed:
// - every mousemove and click reads the node picking texture back (gl.readPixels, which waits for the GPU to
//   finish the frames in flight): a CPU hit test answers instead (hit-index.ts), and none runs while the
//   camera is dragged, and the picking layer is no longer drawn;
// - releasing a drag runs a full refresh (re-indexing and re-processing every node and edge) only to draw the
//   edges hidden during the move again: a plain render does that.
import type { Attributes } from 'graphology-types';
import type Sigma from 'sigma';

interface CaptorInternals {
  isMouseDown?: boolean;
  isMoving?: boolean;
  renderer?: unknown;
}

/** `hit` (a CPU hit test) replaces sigma's GPU picking for hover and clicks. */
export function lightenMouseHandling<N extends Attributes, E extends Attributes>(
  sigma: Sigma<N, E>,
  hit: (p: { x: number; y: number }) => string | null,
): void {
  const captor = sigma.getMouseCaptor() as unknown as CaptorInternals;
  const picker = sigma as unknown as { getNodeAtPosition(p: { x: number; y: number }): string | null };
  const pick = hit;
  picker.getNodeAtPosition = (position) => (captor.isMoving === true ? null : pick(position));
  // Nothing reads the picking layer any more: stop drawing every node a second time into it each frame.
  const programs = (sigma as unknown as { nodePrograms?: Record<string, { pickProgram?: unknown }> })
    .nodePrograms;
  for (const program of Object.values(programs ?? {})) if (program.pickProgram) program.pickProgram = null;
  if (captor.renderer === sigma) {
    const redraw = () => sigma.refresh({ partialGraph: {}, skipIndexation: true, schedule: true });
    captor.renderer = new Proxy(sigma, {
      get(target, prop) {
        if (prop === 'refresh') return redraw;
        const v: unknown = Reflect.get(target, prop, target);
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
  }
}

/**
 * Sigma resizes itself on window resizes and at its next render only: when the map's box changes size for another
 * reason (a panel, a banner, the toolbar wrapping), it would keep drawing (and hit-testing) at the old size until
 * something else redraws. Redraws at the new size as soon as the box changes; returns the disconnect.
 */
export function followContainerSize<N extends Attributes, E extends Attributes>(
  sigma: Sigma<N, E>,
): () => void {
  if (typeof ResizeObserver === 'undefined') return () => undefined;
  let first = true;
  let pending: ReturnType<typeof setTimeout> | null = null;
  const observer = new ResizeObserver(() => {
    if (first) {
      first = false; // the observation of the initial size
      return;
    }
    // In a task after this frame is painted, not in it: resizing sigma's WebGL canvases waits for the GPU process to
    // finish what it was drawing (~0.25-0.45 s at 10,000 nodes under software rendering, right after a click), and
    // what changed the box (the node panel opening) is shown first; the map is clipped to its box meanwhile.
    if (pending !== null) return;
    pending = setTimeout(() => {
      pending = null;
      sigma.resize();
      sigma.refresh({ partialGraph: {}, skipIndexation: true, schedule: true });
    }, 0);
  });
  observer.observe(sigma.getContainer());
  return () => {
    observer.disconnect();
    if (pending !== null) clearTimeout(pending);
  };
}

/** Whether the camera is moving (animated, dragged or wheeled): what sigma's hideLabelsOnMove tests. */
export function isMoving<N extends Attributes, E extends Attributes>(sigma: Sigma<N, E>): boolean {
  const captor = sigma.getMouseCaptor() as unknown as Record<string, unknown>;
  return (
    sigma.getCamera().isAnimated() ||
    captor['isMoving'] === true ||
    Boolean(captor['draggedEvents']) ||
    Boolean(captor['currentWheelDirection'])
  );
}
