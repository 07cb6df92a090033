// The map's read-only debug surface for browser tests: `window.__smMap`, one object shared by every part of the
// map. Each part defines its own fields here, as getters (no setter: a test reads what was rendered, it never
// steers the page through this object). The fields, by part:
// - labels: `labelBoxes`, the label boxes drawn in the last frame (node, cluster and aggregate labels, viewport CSS
//   pixels; none while the camera moves); `ringOf(path)`, the ring a node is drawn with now ('error' | 'warn' |
//   'info' | 'selected' | 'plain', 'none' when hidden, null when absent); `camera` (sigma's camera state);
//   `selection` ({ node, highlighted, dimmed }: the selected node, the nodes drawn highlighted, the dimming shown);
//   `focusView`, the focus view shown (null when none) and the nodes it keeps; `drawn` ({ nodes, edges }: the
//   node keys and the edges' [source, target] that sigma's buffers draw now, read from the buffers; null when
//   sigma's internals are not readable).
// - scale: `aggregates` (the aggregates drawn this frame), `collapsedNodes` (how many nodes they hide).
// - start-up: `startup` ({ preparedCanvases }: how many of sigma's WebGL canvases were made ahead, one per task,
//   and taken by sigma (sigma-canvases.ts)).
// Other parts add theirs with defineDebugField and list them above.

/** One label box drawn this frame, in viewport CSS pixels. */
export interface LabelBox {
  /** The node key, or `cluster:<label>` for a host/folder name. */
  key: string;
  text: string;
  x: number;
  y: number;
  w: number;
  h: number;
  /**
   * 'node' (a node's name), 'cluster' (a host/folder circle's name), 'aggregate' (semantic zoom's labels) or
   * 'badge' (an aggregate's issue count: no name is placed over one; its text is empty).
   */
  layer: 'node' | 'cluster' | 'aggregate' | 'badge';
}

type DebugWindow = { __smMap?: Record<string, unknown> };

function surface(): Record<string, unknown> | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as DebugWindow;
  if (w.__smMap === undefined)
    Object.defineProperty(w, '__smMap', { value: {}, enumerable: false, writable: false });
  return w.__smMap ?? null;
}

/**
 * Defines `window.__smMap[name]` as a read-only getter (replacing an earlier one of the same name, e.g. after the
 * map remounts). Returns the removal.
 */
export function defineDebugField(name: string, get: () => unknown): () => void {
  const s = surface();
  if (s === null) return () => undefined;
  Object.defineProperty(s, name, { get, enumerable: true, configurable: true });
  return () => {
    const d = Object.getOwnPropertyDescriptor(s, name);
    if (d?.get === get) delete s[name];
  };
}
