// The first map of a page is built in slices, so that no main-thread task runs long while it loads: the desired
// attributes (desiredGraphSteps) and then the graphology graph, a few hundred items per step, with a pause (a
// macrotask: input and paint get their turn) whenever the steps ran past a small budget. The renderer hands the
// graph to sigma only once it is complete. A newer map, or a setting that rebuilds, supersedes a build under way:
// `alive` turns false and the build stops at its next pause.
import type Graph from 'graphology';
import type { DesiredGraph, EdgeAttrs, NodeAttrs } from './graph-build';

/** The longest run of steps between two pauses. */
const BUDGET_MS = 12;

/**
 * Yielded by a step generator before a step that is long on its own and cannot be cut (a shader compile, a cut
 * of the whole map): the driver pauses first, so that step does not share its task with the steps before it.
 */
export const ALONE = 'alone';
export type Step = void | typeof ALONE;
/** Items added to the graph between two steps. */
const STEP = 100;

/** A macrotask boundary, without the 4 ms floor nested timers get. */
export function pause(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Runs `steps` to its end, pausing whenever BUDGET_MS passed since the last pause (and before a step announced
 * by ALONE, unless nothing ran since the last pause); the generator's value, or
 * undefined when `alive()` was false after a pause (the rest is not run; the generator is closed).
 */
export async function drive<T>(
  steps: Generator<Step, T, void>,
  alive: () => boolean,
): Promise<{ value: T } | undefined> {
  let since = performance.now();
  for (;;) {
    const r = steps.next();
    if (r.done === true) return { value: r.value };
    const spent = performance.now() - since;
    if (spent > BUDGET_MS || (r.value === ALONE && spent > 1)) {
      await pause();
      if (!alive()) {
        steps.return(undefined as T); // its `finally` blocks run
        return undefined;
      }
      since = performance.now();
    }
  }
}

/** Adds the desired nodes, then edges, to an empty graph (syncGraph's work on an empty graph), step by step. */
export function* fillGraph(
  graph: Graph<NodeAttrs, EdgeAttrs>,
  desired: DesiredGraph,
): Generator<void, void, void> {
  let n = 0;
  for (const [key, attrs] of desired.nodes) {
    graph.addNode(key, attrs);
    if (++n % STEP === 0) yield;
  }
  for (const [key, e] of desired.edges) {
    graph.addDirectedEdgeWithKey(key, e.source, e.target, e.attrs);
    if (++n % STEP === 0) yield;
  }
}
