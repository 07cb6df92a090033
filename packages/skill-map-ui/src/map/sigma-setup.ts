// The map's sigma.js instance: its node and edge programs and the settings the renderer relies on (one place,
// so that the renderer reads as what it does with sigma, not how sigma is configured).
import type Graph from 'graphology';
import Sigma from 'sigma';
import {
  EdgeArrowProgram,
  EdgeLineProgram,
  EdgeRectangleProgram,
  type EdgeProgramType,
} from 'sigma/rendering';
import type { Palette } from './colors';
import type { EdgeAttrs, NodeAttrs } from './graph-build';
import { compactProgramBuffers } from './compact-buffers';
import { cacheEdgeLayer } from './edge-cache';
import { drawNodeHover } from './hover-draw';
import { hideIdleSigmaLayers } from './layer-hygiene';
import { NodeHollow, NodeRing } from './node-programs';

/** What the hover drawing needs at the moment it draws (the selection and the palette). */
export interface HoverState {
  focus: string | null;
  neighbours: ReadonlySet<string>;
  pal: Palette;
}

/**
 * The sigma instance, with the frame savings installed: the edge layer's cache (edge-cache.ts), idle layers left
 * out of compositing (layer-hygiene.ts) and packed program buffers (compact-buffers.ts).
 */
export function createSigma(
  graph: Graph<NodeAttrs, EdgeAttrs>,
  stage: HTMLElement,
  pal: Palette,
  hover: () => HoverState,
): Sigma<NodeAttrs, EdgeAttrs> {
  const sigma = new Sigma(graph, stage, {
    nodeProgramClasses: { border: NodeRing, hollow: NodeHollow },
    defaultNodeType: 'border',
    // Wide edges (width by confidence) on small maps; one-pixel lines (cheaper to raster) past THIN_EDGES.
    edgeProgramClasses: {
      line: EdgeRectangleProgram,
      thin: EdgeLineProgram,
      spawn: EdgeArrowProgram,
    } as unknown as Record<string, EdgeProgramType<NodeAttrs, EdgeAttrs>>,
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
  cacheEdgeLayer(sigma);
  hideIdleSigmaLayers(sigma as unknown as Sigma);
  compactProgramBuffers(sigma as unknown as Sigma);
  return sigma;
}
