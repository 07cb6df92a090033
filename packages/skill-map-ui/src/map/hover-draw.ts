// sigma's hover layer for the map: a halo under the selected node and under the node the mouse is on, and the
// hovered node's name as a tooltip (on a background, above every other label). The selected node's and its
// neighbours' names are the label layer's (label-layer.ts), placed with the rest, so they are not drawn here.
import type { Palette } from './colors';

export interface HoverData {
  key?: string;
  x: number;
  y: number;
  size: number;
  label: string | null;
}

export function drawNodeHover(
  ctx: CanvasRenderingContext2D,
  data: HoverData,
  settings: { labelSize: number; labelFont: string },
  state: { focus: string | null; neighbours: ReadonlySet<string>; pal: Palette },
): void {
  const { focus, neighbours, pal } = state;
  // A neighbour of the selection: sigma draws its disc above the dimming; its name is the label layer's.
  if (data.key !== undefined && focus !== null && data.key !== focus && neighbours.has(data.key)) return;
  ctx.fillStyle = pal.bg;
  ctx.shadowColor = 'rgba(0,0,0,0.3)';
  ctx.shadowBlur = 6;
  ctx.beginPath();
  ctx.arc(data.x, data.y, data.size + 3, 0, Math.PI * 2);
  ctx.fill();
  const label = data.label ?? '';
  if (data.key === focus || label === '') {
    ctx.shadowBlur = 0;
    return;
  }
  const size = settings.labelSize;
  ctx.font = `600 ${size}px ${settings.labelFont}`;
  const w = ctx.measureText(label).width + 10;
  ctx.fillRect(data.x + data.size + 3, data.y - size / 2 - 5, w, size + 10);
  ctx.shadowBlur = 0;
  ctx.fillStyle = pal.label;
  ctx.fillText(label, data.x + data.size + 8, data.y + size / 3);
}
