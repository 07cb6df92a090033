// The map's sigma.js instance: its node and edge programs and the settings the renderer relies on (one place,
// so that the renderer reads as what it does with sigma, not how sigma is configured).
import type Graph from 'graphology';
import Sigma from 'sigma';
import type { Palette } from './colors';
import { drive, pause, type Step } from './first-build';
import { defineDebugField } from './debug-hooks';
import type { EdgeAttrs, NodeAttrs } from './graph-build';
import { compactProgram, compactProgramBuffers } from './compact-buffers';
import { cacheEdgeLayer } from './edge-cache';
import { drawNodeHover } from './hover-draw';
import { hideIdleSigmaLayers } from './layer-hygiene';
import { sigmaWithCanvases, type PreparedCanvases } from './sigma-canvases';
import { initialPrograms, programSteps } from './sigma-programs';

/** What the hover drawing needs at the moment it draws (the selection and the palette). */
export interface HoverState {
  focus: string | null;
  neighbours: ReadonlySet<string>;
  pal: Palette;
}

/**
 * The sigma instance, with the frame savings installed: the edge layer's cache (edge-cache.ts), idle layers left
 * out of compositing (layer-hygiene.ts) and packed program buffers (compact-buffers.ts); and `programs`, the
 * steps that compile the map's node and edge programs (sigma-programs.ts), run before sigma is given a map.
 */
export function createSigma(
  graph: Graph<NodeAttrs, EdgeAttrs>,
  stage: HTMLElement,
  pal: Palette,
  hover: () => HoverState,
  canvases: PreparedCanvases = new Map(),
): { sigma: Sigma<NodeAttrs, EdgeAttrs>; programs: () => Generator<Step, void, void> } {
  // The map's programs are compiled later, a step at a time (sigma-programs.ts).
  performance.mark('map:sigma');
  const MapSigma = sigmaWithCanvases(canvases);
  const sigma = new MapSigma(graph, stage, {
    ...initialPrograms(Sigma),
    itemSizesReference: 'positions',
    zoomToSizeRatioFunction: (r) => r,
    hideEdgesOnMove: true,
    hideLabelsOnMove: true,
    // Labels are the label layer's (placed without overlap, label-layer.ts), not sigma's grid.
    renderLabels: false,
    labelFont: 'system-ui, sans-serif',
    labelSize: 12,
    labelColor: { color: pal.label },
    minEdgeThickness: 0.6,
    // No z-sorting (it costs a sort of every edge per refresh): the selected node is drawn on the hover layer.
    zIndex: false,
    minCameraRatio: 0.002,
    maxCameraRatio: 4,
    stagePadding: 48,
    defaultDrawNodeHover: (ctx, data, settings) => drawNodeHover(ctx, data, settings, hover()),
  });
  performance.measure('map:sigma', 'map:sigma');
  const adoptEdges = cacheEdgeLayer(sigma);
  hideIdleSigmaLayers(sigma as unknown as Sigma);
  compactProgramBuffers(sigma as unknown as Sigma);
  const programs = () =>
    programSteps(sigma, (program, kind) => {
      if (kind === 'edge') adoptEdges?.(program);
      compactProgram(program);
    });
  return { sigma, programs };
}

/**
 * The map's sigma (createSigma, on `canvases` when prepared), with its programs compiled in the tasks after this
 * one, one per task, while the first map loads (the renderer's first build compiles what is left). `undebug`
 * removes the `startup` debug field: how many prepared canvases sigma took (the fallback is silent).
 */
export function startSigma(
  graph: Graph<NodeAttrs, EdgeAttrs>,
  stage: HTMLElement,
  pal: Palette,
  hover: () => HoverState,
  canvases: PreparedCanvases | undefined,
  alive: () => boolean,
): ReturnType<typeof createSigma> & { undebug: () => void } {
  const made = createSigma(graph, stage, pal, hover, canvases);
  void pause().then(() => (alive() ? drive(made.programs(), alive) : undefined));
  const layers = made.sigma.getCanvases() as Record<string, HTMLCanvasElement | undefined>;
  const adopted = [...(canvases ?? [])].filter(([id, c]) => layers[id] === c).length;
  const undebug = defineDebugField('startup', () => ({ preparedCanvases: adopted }));
  return { ...made, undebug };
}
