import type Sigma from 'sigma';

/**
 * Sizes an overlay canvas to sigma's viewport (device pixels, CSS size), clears it and returns its 2D context
 * in CSS pixels; null when the canvas gives no context.
 */
export function prepareOverlay(
  canvas: HTMLCanvasElement,
  sigma: Pick<Sigma, 'getDimensions'>,
): { ctx: CanvasRenderingContext2D; width: number; height: number } | null {
  const { width, height } = sigma.getDimensions();
  const dpr = window.devicePixelRatio || 1;
  if (canvas.width !== Math.round(width * dpr) || canvas.height !== Math.round(height * dpr)) {
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
  }
  const ctx = canvas.getContext('2d');
  if (ctx === null) return null;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, height);
  return { ctx, width, height };
}
