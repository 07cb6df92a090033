// sigma's node programs of the map: a disc with rings (host, issue severity) and a hollow ring (ghost, reserved,
// virtual targets). Outside both, the activity ring and the gap inside it (width 0 on a node that did not run).
import { createNodeBorderProgram } from '@sigma/node-border';
import type { EdgeAttrs, NodeAttrs } from './graph-build';

const ACTIVITY_BORDERS = [
  { size: { attribute: 'activityRing', defaultValue: 0 }, color: { attribute: 'activityColor' } },
  { size: { attribute: 'activityGap', defaultValue: 0 }, color: { transparent: true as const } },
];

export const NodeRing = createNodeBorderProgram<NodeAttrs, EdgeAttrs>({
  borders: [
    ...ACTIVITY_BORDERS,
    { size: { value: 0.16 }, color: { attribute: 'ringColor' } },
    { size: { value: 0.16 }, color: { attribute: 'hostColor' } },
    { size: { fill: true }, color: { attribute: 'color' } },
  ],
});

export const NodeHollow = createNodeBorderProgram<NodeAttrs, EdgeAttrs>({
  borders: [
    ...ACTIVITY_BORDERS,
    { size: { value: 0.14 }, color: { attribute: 'ringColor' } },
    { size: { value: 0.22 }, color: { attribute: 'color' } },
    { size: { fill: true }, color: { attribute: 'hostColor' } },
  ],
});
