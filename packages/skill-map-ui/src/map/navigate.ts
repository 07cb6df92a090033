// Keyboard moves on the map: the nearest candidate in a direction (within a 60° half-cone, distance weighted by
// how far off-axis it is), or simply the nearest when no direction is given.

export type Direction = 'left' | 'right' | 'up' | 'down';

const AXIS: Record<Direction, { x: number; y: number }> = {
  left: { x: -1, y: 0 },
  right: { x: 1, y: 0 },
  up: { x: 0, y: -1 },
  down: { x: 0, y: 1 },
};

export function nearestInDirection(
  origin: { x: number; y: number },
  dir: Direction | null,
  candidates: readonly string[],
  pos: (key: string) => { x: number; y: number },
): string | null {
  let best: string | null = null;
  let bestScore = Infinity;
  for (const key of candidates) {
    const p = pos(key);
    const dx = p.x - origin.x;
    const dy = p.y - origin.y;
    const dist = Math.hypot(dx, dy);
    if (dist === 0) continue;
    let score = dist;
    if (dir !== null) {
      const a = AXIS[dir];
      const cos = (dx * a.x + dy * a.y) / dist;
      if (cos < 0.5) continue;
      score = dist * (2 - cos);
    }
    if (score < bestScore || (score === bestScore && best !== null && key < best)) {
      best = key;
      bestScore = score;
    }
  }
  return best;
}
