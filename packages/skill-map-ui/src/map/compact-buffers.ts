// sigma 3 keeps one slot per node (and per edge) in its programs' buffers, hidden or not (a hidden item's slot is
// all zeros), uploads the whole buffer and draws every slot on each frame. Under SwiftShader an instanced draw runs
// its instances one by one: on a 10,000-node map whose semantic zoom hides all but a handful of nodes, the node
// layer cost ~140 ms of GPU-process time per pan frame for slots that draw nothing. Here each program draws from a
// packed copy of its buffer with the all-zero slots left out (an all-zero slot has no size and no width: it draws
// nothing either way), packed again only after sigma wrote to the buffer (`process`, `reallocate`). When sigma's
// internals are not where this expects them, the program is left as it is.
import type Sigma from 'sigma';

interface ProgramInternals {
  array?: unknown;
  capacity?: number;
  verticesCount?: number;
  VERTICES?: number;
  STRIDE?: number;
  process?: (...a: never[]) => unknown;
  reallocate?: (...a: never[]) => unknown;
  render?: (...a: never[]) => unknown;
}

interface SigmaInternals {
  nodePrograms?: Record<string, ProgramInternals>;
  edgePrograms?: Record<string, ProgramInternals>;
}

/** Installs the packed draw on every node and edge program of `sigma`; returns how many programs took it. */
export function compactProgramBuffers(sigma: Sigma): number {
  const s = sigma as unknown as SigmaInternals;
  let n = 0;
  for (const p of [...Object.values(s.nodePrograms ?? {}), ...Object.values(s.edgePrograms ?? {})])
    if (compactProgram(p)) n++;
  return n;
}

/** The slots of `full` (each `stride` floats, `capacity` of them) that are not all zeros, packed into `out`. */
export function packSlots(full: Float32Array, capacity: number, stride: number, out: Float32Array): number {
  let count = 0;
  for (let slot = 0; slot < capacity; slot++) {
    const start = slot * stride;
    let zero = true;
    for (let i = start; i < start + stride; i++)
      if (full[i] !== 0) {
        zero = false;
        break;
      }
    if (zero) continue;
    out.set(full.subarray(start, start + stride), count * stride);
    count++;
  }
  return count;
}

/** Installs the packed draw on one program (false: not a program this knows how to pack; left as it is). */
export function compactProgram(program: unknown): boolean {
  if (typeof program !== 'object' || program === null) return false;
  const p = program as ProgramInternals;
  const { process, reallocate, render, VERTICES, STRIDE } = p;
  if (
    typeof process !== 'function' ||
    typeof reallocate !== 'function' ||
    typeof render !== 'function' ||
    typeof VERTICES !== 'number' ||
    typeof STRIDE !== 'number' ||
    STRIDE <= 0 ||
    !(p.array instanceof Float32Array)
  )
    return false;
  let dirty = true;
  let packed = new Float32Array(0);
  let count = 0;
  p.process = (...args: never[]) => {
    dirty = true;
    return process.apply(p, args);
  };
  p.reallocate = (...args: never[]) => {
    dirty = true;
    return reallocate.apply(p, args);
  };
  p.render = (...args: never[]) => {
    const full = p.array as Float32Array;
    const capacity = p.capacity ?? 0;
    const vertices = p.verticesCount ?? 0;
    if (dirty) {
      if (packed.length < full.length) packed = new Float32Array(full.length);
      count = packSlots(full, capacity, STRIDE, packed);
      dirty = false;
    }
    p.array = packed.subarray(0, count * STRIDE);
    p.capacity = count;
    p.verticesCount = VERTICES * count;
    try {
      return render.apply(p, args);
    } finally {
      p.array = full;
      p.capacity = capacity;
      p.verticesCount = vertices;
    }
  };
  return true;
}
