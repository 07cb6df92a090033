// For browser tests: what sigma's programs will draw, read from their buffers (the slot sigma wrote for an item),
// not from the graph's attributes. A hidden item's slot is all zeros (sigma writes zeros for a hidden node and
// for an edge with a hidden end; compact-buffers.ts leaves those out of the draw); anything else is drawn.
// sigma's indices are private in its typings (stable across 3.0.x; the version is pinned exactly): when they are
// not there every answer is null.
import type Sigma from 'sigma';

interface ProgramLike {
  array?: unknown;
  STRIDE?: number;
}
interface Internals {
  nodeDataCache?: Record<string, { type: string } | undefined>;
  edgeDataCache?: Record<string, { type: string } | undefined>;
  nodeProgramIndex?: Record<string, number | undefined>;
  edgeProgramIndex?: Record<string, number | undefined>;
  nodePrograms?: Record<string, ProgramLike | undefined>;
  edgePrograms?: Record<string, ProgramLike | undefined>;
}

function slotDrawn(program: ProgramLike | undefined, offset: number | undefined): boolean | null {
  const a = program?.array;
  const stride = program?.STRIDE;
  if (!(a instanceof Float32Array) || typeof stride !== 'number' || offset === undefined) return null;
  for (let i = offset * stride; i < (offset + 1) * stride; i++) if (a[i] !== 0) return true;
  return false;
}

/** Whether sigma draws the node (true), leaves it out (false), or null when it is unknown to sigma. */
export function nodeDrawn(sigma: Sigma, key: string): boolean | null {
  const s = sigma as unknown as Internals;
  const type = s.nodeDataCache?.[key]?.type;
  if (type === undefined) return null;
  return slotDrawn(s.nodePrograms?.[type], s.nodeProgramIndex?.[key]);
}

/** Whether sigma draws the edge (true), leaves it out (false), or null when it is unknown to sigma. */
export function edgeDrawn(sigma: Sigma, key: string): boolean | null {
  const s = sigma as unknown as Internals;
  const type = s.edgeDataCache?.[key]?.type;
  if (type === undefined) return null;
  return slotDrawn(s.edgePrograms?.[type], s.edgeProgramIndex?.[key]);
}
