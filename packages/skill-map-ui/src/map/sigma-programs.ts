// sigma compiles every program it is given, and its three defaults (circle, arrow, line), in its constructor: 17
// WebGL programs for the map (each program's draw and picking variants, the node programs again on the hover
// layer), each compile and link waited for on the main thread, ~120-320 ms in one task under software WebGL.
// Here sigma starts with placeholders that compile nothing, and the map's own programs are compiled one per step
// (programSteps), between tasks, before the first map is handed to sigma; the defaults it does not use (circle,
// arrow) are never compiled, nor the node programs' picking variants (nodes are hit-tested on the CPU). When sigma's program registration is not where this expects it, sigma gets the
// real programs at once, as before.
import type Sigma from 'sigma';
import {
  EdgeArrowProgram,
  EdgeLineProgram,
  EdgeRectangleProgram,
  type EdgeProgramType,
  type NodeProgramType,
} from 'sigma/rendering';
import { ALONE, type Step } from './first-build';
import type { EdgeAttrs, NodeAttrs } from './graph-build';
import { NodeHollow, NodeRing } from './node-programs';

type NodeProgramClass = NodeProgramType<NodeAttrs, EdgeAttrs>;
type EdgeProgramClass = EdgeProgramType<NodeAttrs, EdgeAttrs>;

/** The map's node programs by type (graph-build.ts NodeAttrs['type']). */
const NODE_PROGRAMS: Record<string, NodeProgramClass> = { border: NodeRing, hollow: NodeHollow };
/** Wide edges (width by confidence) on small maps; one-pixel lines (cheaper to raster) past THIN_EDGES; spawn arrows. */
const EDGE_PROGRAMS = {
  line: EdgeRectangleProgram,
  thin: EdgeLineProgram,
  spawn: EdgeArrowProgram,
} as unknown as Record<string, EdgeProgramClass>;

/** A program that compiles, holds and draws nothing (sigma's calls on a program, as no-ops). */
class Placeholder {
  reallocate(): void {}
  process(): void {}
  render(): void {}
  kill(): void {}
}

interface Internals {
  settings?: {
    nodeProgramClasses?: Record<string, unknown>;
    edgeProgramClasses?: Record<string, unknown>;
    nodeHoverProgramClasses?: Record<string, unknown>;
  };
  nodePrograms?: Record<string, unknown>;
  nodeHoverPrograms?: Record<string, unknown>;
  edgePrograms?: Record<string, unknown>;
  webGLContexts?: Record<string, unknown>;
  registerNodeProgram?: (type: string, program: unknown, hover: unknown) => unknown;
  registerEdgeProgram?: (type: string, program: unknown) => unknown;
}

/** Whether sigma lets programs be registered after its constructor (its private registration, sigma 3.0.x). */
function canDefer(SigmaClass: typeof Sigma): boolean {
  const proto = SigmaClass.prototype as unknown as Internals;
  return typeof proto.registerNodeProgram === 'function' && typeof proto.registerEdgeProgram === 'function';
}

/**
 * The program classes sigma is constructed with: placeholders when `SigmaClass` lets the real ones be compiled
 * later (programSteps), else the real ones.
 */
export function initialPrograms(SigmaClass: typeof Sigma): {
  nodeProgramClasses: Record<string, NodeProgramClass>;
  edgeProgramClasses: Record<string, EdgeProgramClass>;
} {
  if (!canDefer(SigmaClass)) return { nodeProgramClasses: NODE_PROGRAMS, edgeProgramClasses: EDGE_PROGRAMS };
  const none = Placeholder as unknown;
  return {
    nodeProgramClasses: { circle: none, border: none, hollow: none } as Record<string, NodeProgramClass>,
    edgeProgramClasses: { arrow: none, line: none, thin: none, spawn: none } as Record<
      string,
      EdgeProgramClass
    >,
  };
}

/**
 * Compiles the map's programs still held by placeholders, one per step; `adopt` gets each new program (the
 * frame savings that wrap programs: compact-buffers.ts, edge-cache.ts). Idempotent: a program already compiled
 * is skipped, so several runs may share the work.
 */
export function* programSteps(
  sigma: Sigma<NodeAttrs, EdgeAttrs>,
  adopt: (program: unknown, kind: 'node' | 'edge') => void,
): Generator<Step, void, void> {
  const s = sigma as unknown as Internals;
  const gl = s.webGLContexts;
  // What sigma's registerNodeProgram does, a context per step: the first program compiled on a context costs most
  // (~0.1 s under software WebGL), so the node layer's and the hover layer's are compiled apart.
  const apart =
    gl?.['nodes'] !== undefined && gl['hoverNodes'] !== undefined && s.nodeHoverPrograms !== undefined;
  for (const [type, P] of Object.entries(NODE_PROGRAMS)) {
    const Hover = (s.settings?.nodeHoverProgramClasses?.[type] ?? P) as NodeProgramClass;
    if (s.nodePrograms?.[type] instanceof Placeholder) {
      yield ALONE; // a compile is one call: it gets a task of its own
      performance.mark('map:program');
      // No picking variant: the map hit-tests nodes on the CPU (sigma-tweaks.ts lightenMouseHandling), so sigma's
      // node picking layer is never read, and a program without one is not drawn a second time each frame.
      if (apart) s.nodePrograms[type] = new P(gl['nodes'] as never, null, sigma);
      else {
        s.registerNodeProgram?.call(sigma, type, P, Hover);
        const made = s.nodePrograms?.[type] as { pickProgram?: unknown } | undefined;
        if (made?.pickProgram) made.pickProgram = null;
      }
      // Kept in sigma's settings too, so that a later setSetting sees no change of program.
      if (s.settings?.nodeProgramClasses !== undefined) s.settings.nodeProgramClasses[type] = P;
      adopt(s.nodePrograms[type], 'node');
      performance.measure(`map:program ${type}`, 'map:program');
      yield;
    }
    if (apart && s.nodeHoverPrograms?.[type] instanceof Placeholder) {
      yield ALONE;
      performance.mark('map:program');
      s.nodeHoverPrograms[type] = new Hover(gl['hoverNodes'] as never, null, sigma);
      performance.measure(`map:program ${type} hover`, 'map:program');
      yield;
    }
  }
  for (const [type, P] of Object.entries(EDGE_PROGRAMS)) {
    if (!(s.edgePrograms?.[type] instanceof Placeholder)) continue;
    yield ALONE;
    performance.mark('map:program');
    s.registerEdgeProgram?.call(sigma, type, P);
    if (s.settings?.edgeProgramClasses !== undefined) s.settings.edgeProgramClasses[type] = P;
    adopt(s.edgePrograms?.[type], 'edge');
    performance.measure(`map:program ${type}`, 'map:program');
    yield;
  }
}
