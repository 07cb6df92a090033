// Two costs of sigma 3's mouse handling that stall frames on a big map under software WebGL, removed:
// - every mousemove reads the node picking texture back (gl.readPixels, which waits for the GPU to finish the
//   frames in flight), dragging included: while the camera is dragged or animated there is no hover to find;
// - releasing a drag runs a full refresh (re-indexing and re-processing every node and edge) only to draw the
//   edges hidden during the move again: a plain render does that.
import type { Attributes } from 'graphology-types';
import type Sigma from 'sigma';

interface CaptorInternals {
  isMouseDown?: boolean;
  isMoving?: boolean;
  renderer?: unknown;
}

export function lightenMouseHandling<N extends Attributes, E extends Attributes>(sigma: Sigma<N, E>): void {
  const captor = sigma.getMouseCaptor() as unknown as CaptorInternals;
  const camera = sigma.getCamera();
  const picker = sigma as unknown as { getNodeAtPosition(p: { x: number; y: number }): string | null };
  const pick = picker.getNodeAtPosition.bind(sigma);
  picker.getNodeAtPosition = (position) =>
    captor.isMoving === true || camera.isAnimated() ? null : pick(position);
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
