// What survives a reload: the layout's positions (so a reload does not re-pack a map that was edited since) and the
// map's filters and scope. Both in localStorage, on the serving origin only; failures (quota, private mode) are
// ignored: the map then packs again and the filters start empty.
import type { MapFilter, MapScope } from '../state/store';
import type { Point } from './layout';

const PREFS = 'skill-map.map.prefs';
const LAYOUT = 'skill-map.map.layout';
const ACTIVITY = 'skill-map.map.activity';
const LEGEND = 'skill-map.map.legend';

export function loadPositions(project: string): Map<string, Point> | null {
  try {
    const raw = localStorage.getItem(LAYOUT);
    if (raw === null) return null;
    const saved = JSON.parse(raw) as { project: string; paths: string[]; xy: number[] };
    if (saved.project !== project || saved.xy.length !== saved.paths.length * 2) return null;
    const out = new Map<string, Point>();
    saved.paths.forEach((p, i) =>
      out.set(p, { x: saved.xy[i * 2] as number, y: saved.xy[i * 2 + 1] as number }),
    );
    return out;
  } catch {
    return null;
  }
}

export function savePositions(project: string, positions: ReadonlyMap<string, Point>): void {
  const paths: string[] = [];
  const xy: number[] = [];
  for (const [p, { x, y }] of positions) {
    paths.push(p);
    xy.push(Math.round(x * 1000) / 1000, Math.round(y * 1000) / 1000);
  }
  try {
    localStorage.setItem(LAYOUT, JSON.stringify({ project, paths, xy }));
  } catch {
    // quota or storage disabled: the next load packs again
  }
}

export function loadPrefs(): { filter: MapFilter; scope: MapScope } | null {
  try {
    const raw = localStorage.getItem(PREFS);
    if (raw === null) return null;
    const p = JSON.parse(raw) as { filter?: Partial<MapFilter>; scope?: Partial<MapScope> };
    const list = (v: unknown): string[] =>
      Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
    return {
      filter: {
        kinds: list(p.filter?.kinds),
        providers: list(p.filter?.providers),
        paths: list(p.filter?.paths),
        hasIssues: p.filter?.hasIssues === true,
      },
      scope: { includes: list(p.scope?.includes), excludes: list(p.scope?.excludes) },
    };
  } catch {
    return null;
  }
}

export function savePrefs(filter: MapFilter, scope: MapScope): void {
  try {
    localStorage.setItem(PREFS, JSON.stringify({ filter, scope }));
  } catch {
    // storage disabled: filters last for this page only
  }
}

/** Whether the activity overlay shows (null: never chosen, so it shows). */
export function loadActivityShown(): boolean | null {
  try {
    const raw = localStorage.getItem(ACTIVITY);
    return raw === null ? null : raw !== 'off';
  } catch {
    return null;
  }
}

export function saveActivityShown(shown: boolean): void {
  try {
    localStorage.setItem(ACTIVITY, shown ? 'on' : 'off');
  } catch {
    // storage disabled: the choice lasts for this page only
  }
}

/** Whether the legend is unfolded (false on a first visit: it would cover part of the map). */
export function loadLegendOpen(): boolean {
  try {
    return localStorage.getItem(LEGEND) === 'open';
  } catch {
    return false;
  }
}

export function saveLegendOpen(open: boolean): void {
  try {
    localStorage.setItem(LEGEND, open ? 'open' : 'folded');
  } catch {
    // storage disabled: the choice lasts for this page only
  }
}
