// The map's camera per history entry, so Back and Forward return to a view as it was left (not only its route).
// Each entry keeps the camera it was last seen with in its own `history.state` (replaceState: no new entry): written
// when the camera comes to rest and again just before navigate() leaves the entry. Returning to an entry (Back,
// Forward, a reload) finds it there. Filters and scope are the page's preferences, not history: they stay.

/** A camera state as sigma's camera reads and takes it. */
export interface CameraView {
  x: number;
  y: number;
  ratio: number;
  angle: number;
}

const KEY = 'smCamera';
let source: (() => CameraView) | null = null;

/** The map registers where the camera is read from (null when it goes away). */
export function setCameraSource(get: (() => CameraView) | null): void {
  source = get;
}

const stateObject = (): Record<string, unknown> => {
  const s: unknown = history.state;
  return typeof s === 'object' && s !== null ? (s as Record<string, unknown>) : {};
};

/** Writes the current camera into the current history entry. */
export function recordCamera(): void {
  if (source === null) return;
  try {
    history.replaceState({ ...stateObject(), [KEY]: source() }, '');
  } catch {
    // a browser throttling history writes: the entry keeps its previous camera
  }
}

/** The camera the current history entry was left with, or null (a fresh entry). */
export function savedCamera(): CameraView | null {
  const v = stateObject()[KEY];
  if (typeof v !== 'object' || v === null) return null;
  const c = v as Partial<CameraView>;
  const num = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
  return num(c.x) && num(c.y) && num(c.ratio) && c.ratio > 0
    ? { x: c.x, y: c.y, ratio: c.ratio, angle: num(c.angle) ? c.angle : 0 }
    : null;
}
