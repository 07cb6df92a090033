// Greedy label placement for one frame: boxes are accepted in priority order when they intersect no box already
// accepted this frame. A uniform grid of the accepted boxes keeps each test to the few cells a box covers, so a
// frame costs about one lookup per candidate label whatever the map's size.

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const CELL = 48;

const intersects = (a: Box, b: Box): boolean =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

export class LabelPlacer {
  private readonly cells = new Map<number, Box[]>();
  private count = 0;

  constructor(readonly budget: number) {}

  get placed(): number {
    return this.count;
  }

  get full(): boolean {
    return this.count >= this.budget;
  }

  /** True (and the box is taken) when it intersects no box taken this frame. */
  tryPlace(box: Box): boolean {
    if (this.collides(box)) return false;
    this.occupy(box);
    this.count++;
    return true;
  }

  /** Takes a box drawn by someone else (it counts against nothing but collisions). */
  occupy(box: Box): void {
    this.forCells(box, (k) => {
      let list = this.cells.get(k);
      if (list === undefined) this.cells.set(k, (list = []));
      list.push(box);
      return false;
    });
  }

  collides(box: Box): boolean {
    return this.forCells(box, (k) => this.cells.get(k)?.some((b) => intersects(b, box)) ?? false);
  }

  /** Visits the cells a box covers; stops at the first visit that returns true. */
  private forCells(box: Box, visit: (key: number) => boolean): boolean {
    const x0 = Math.floor(box.x / CELL);
    const x1 = Math.floor((box.x + box.w) / CELL);
    const y0 = Math.floor(box.y / CELL);
    const y1 = Math.floor((box.y + box.h) / CELL);
    for (let cx = x0; cx <= x1; cx++)
      for (let cy = y0; cy <= y1; cy++) if (visit((cx + 4096) * 8192 + (cy + 4096))) return true;
    return false;
  }
}
