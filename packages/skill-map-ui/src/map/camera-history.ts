// Binds the map's camera to the page's history (state/view-history.ts): the current entry records the camera
// once it comes to rest (a quarter second after its last move, so a pan is one write, not one per frame), and a
// view returned to is animated back to its recorded camera.
import type { Attributes } from 'graphology-types';
import type Sigma from 'sigma';
import { recordCamera, setCameraSource, type CameraView } from '../state/view-history';

const REST_MS = 250;

/** Starts recording `sigma`'s camera into the history; returns the stop. */
export function followCameraHistory<N extends Attributes, E extends Attributes>(
  sigma: Sigma<N, E>,
): () => void {
  const camera = sigma.getCamera();
  setCameraSource(() => {
    const s = camera.getState();
    return { x: s.x, y: s.y, ratio: s.ratio, angle: s.angle };
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onUpdated = (): void => {
    clearTimeout(timer);
    // Only into the entry the camera moved in: a move just before a navigation must not land in the new entry.
    const href = location.href;
    timer = setTimeout(() => {
      if (location.href === href) recordCamera();
    }, REST_MS);
  };
  camera.on('updated', onUpdated);
  return () => {
    clearTimeout(timer);
    camera.off('updated', onUpdated);
    setCameraSource(null);
  };
}

/** Moves the camera back to a recorded view. */
export function restoreCamera<N extends Attributes, E extends Attributes>(
  sigma: Sigma<N, E>,
  view: CameraView,
): void {
  void sigma.getCamera().animate(view, { duration: 250 });
}
