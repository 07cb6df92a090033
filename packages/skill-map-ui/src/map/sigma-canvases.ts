// sigma makes its three WebGL layers (edges, nodes, hover nodes) in its constructor, and each context it asks for
// waits on the main thread while the GPU process sets it up: 40-150 ms in one task under software WebGL. Here the
// canvases and their contexts are made beforehand, one per task (prepareCanvases), and sigma is given them in place
// of the canvases it would make (sigmaWithCanvases): asked again for the same kind of context, a canvas answers the
// one it already has, so sigma's own getContext costs nothing. Sigma still makes and places every layer; only the
// element is swapped for the prepared one. Without a prepared canvas for a layer, sigma makes its own as before.
import Sigma from 'sigma';
import { pause } from './first-build';
import type { EdgeAttrs, NodeAttrs } from './graph-build';

/** sigma's WebGL layers, in the order its constructor makes them. */
const GL_LAYERS = ['edges', 'nodes', 'hoverNodes'] as const;

/** Prepared canvases by sigma layer id (empty: none, sigma makes its own). */
export type PreparedCanvases = ReadonlyMap<string, HTMLCanvasElement>;

/** The options sigma makes its WebGL contexts with (createWebGLContext's defaults). */
const CONTEXT_OPTIONS: WebGLContextAttributes = { preserveDrawingBuffer: false, antialias: false };

/** Makes a canvas with a WebGL context for each of sigma's WebGL layers, one per task. */
export async function prepareCanvases(): Promise<PreparedCanvases> {
  const out = new Map<string, HTMLCanvasElement>();
  for (const id of GL_LAYERS) {
    await pause();
    const canvas = document.createElement('canvas');
    // sigma's order: webgl2, then webgl.
    const gl = canvas.getContext('webgl2', CONTEXT_OPTIONS) ?? canvas.getContext('webgl', CONTEXT_OPTIONS);
    if (gl === null) return new Map();
    out.set(id, canvas);
  }
  return out;
}

type MapSigma = typeof Sigma<NodeAttrs, EdgeAttrs>;

/** The Sigma class, made to use `canvases` for its WebGL layers (Sigma itself when there are none). */
export function sigmaWithCanvases(canvases: PreparedCanvases): MapSigma {
  if (canvases.size === 0) return Sigma<NodeAttrs, EdgeAttrs>;
  return class extends Sigma<NodeAttrs, EdgeAttrs> {
    override createLayer<T extends HTMLElement>(
      id: string,
      tag: string,
      options?: Parameters<Sigma['createLayer']>[2],
    ): T {
      const made = super.createLayer<T>(id, tag, options);
      const prepared = tag === 'canvas' ? canvases.get(id) : undefined;
      if (prepared === undefined || prepared.isConnected) return made;
      prepared.className = made.className;
      prepared.style.cssText = made.style.cssText;
      made.replaceWith(prepared);
      (this as unknown as { elements: Record<string, HTMLElement> }).elements[id] = prepared;
      return prepared as unknown as T;
    }
  };
}
