// Sigma clears and redraws every layer on every render. On a 10,000-node map under software WebGL the edge layer
// (tens of thousands of lines) is most of a frame's GPU time, yet a selection, a hover, a label or a panel change
// leaves it exactly as it was. A WebGL canvas that is neither cleared nor drawn to in a frame keeps showing what it
// showed, so the edge layer is redrawn only when what it shows can differ: the camera or the viewport moved, or an
// edge's processed data changed (sigma runs every changed edge through its program's `process`, and `reallocate`
// when their count changes). While the camera moves the layer is cleared as sigma does (`hideEdgesOnMove`), and
// drawn again once it stops. When sigma's internals are not where this expects them, nothing is changed.
import type { Attributes } from 'graphology-types';
import type Sigma from 'sigma';
import { setShown } from './layer-hygiene';

type Fn = (...args: never[]) => unknown;
interface ProgramLike {
  process?: Fn;
  reallocate?: Fn;
  render?: Fn;
}
interface Internals {
  webGLContexts?: Record<string, WebGLRenderingContext | undefined>;
  edgePrograms?: Record<string, ProgramLike>;
  mouseCaptor?: { isMoving?: boolean; draggedEvents?: number; currentWheelDirection?: number };
  width?: number;
  height?: number;
  pixelRatio?: number;
}

/** Wraps `obj[name]` so that `before()` runs first; `before` returning false skips the call. */
function around(obj: ProgramLike, name: keyof ProgramLike, before: () => boolean): void {
  const original = obj[name];
  if (typeof original !== 'function') return;
  obj[name] = (...args: never[]) => (before() ? original.apply(obj, args) : undefined);
}

/**
 * Installs the edge-layer cache on `sigma`; returns how to install it on an edge program registered later, or
 * null when it could not (sigma renders as it always does).
 */
export function cacheEdgeLayer<N extends Attributes, E extends Attributes>(
  sigma: Sigma<N, E>,
): ((program: unknown) => void) | null {
  const s = sigma as unknown as Internals;
  const gl = s.webGLContexts?.['edges'];
  const programs = s.edgePrograms;
  if (gl === undefined || programs === undefined || typeof gl.clear !== 'function') return null;
  let dirty = true;
  let skip = false;
  let drawn = '';
  const touch = (): boolean => {
    dirty = true;
    return true;
  };
  const adopt = (program: unknown): void => {
    if (typeof program !== 'object' || program === null) return;
    const p = program as ProgramLike;
    around(p, 'process', touch);
    around(p, 'reallocate', touch);
    around(p, 'render', () => !skip);
    dirty = true;
  };
  for (const program of Object.values(programs)) adopt(program);
  const clear = gl.clear.bind(gl);
  gl.clear = (mask: number) => {
    if (!skip) clear(mask);
  };
  const camera = sigma.getCamera();
  sigma.on('beforeClear', () => {
    const c = s.mouseCaptor;
    const moving =
      camera.isAnimated() ||
      c?.isMoving === true ||
      (c?.draggedEvents ?? 0) > 0 ||
      (c?.currentWheelDirection ?? 0) !== 0;
    if (moving && sigma.getSetting('hideEdgesOnMove')) {
      // Sigma clears the layer and draws no edge this frame: the next still frame must draw them.
      skip = false;
      dirty = true;
      setShown(gl.canvas as HTMLCanvasElement, false); // nothing on it: not composited either
      return;
    }
    setShown(gl.canvas as HTMLCanvasElement, true);
    const st = camera.getState();
    const view = `${st.x},${st.y},${st.ratio},${st.angle},${s.width},${s.height},${s.pixelRatio}`;
    skip = !dirty && view === drawn;
    if (!skip) {
      drawn = view;
      dirty = false;
    }
  });
  return adopt;
}
