// Severity-true markers: a node's issue ring and a broken target's ghost follow the severities the issues view
// shows (info hidden by default), so the map never shows more trouble than `sm check` and that view do. A ghost
// (a target no node resolves) is drawn only when its worst reference-broken issue is a shown severity; a ghost
// with no issue at all (dismissed, analyzer off) counts as info.
import type { Severity } from '../api/types';
import { withAlpha, type Palette } from './colors';

/** What the issues view and the map show by default: errors and warnings, as `sm check` fails on. */
export const DEFAULT_SEVERITIES: readonly Severity[] = ['error', 'warn'];

/** A node's issue level: 3 error, 2 warning, 1 info, 0 none. */
export type Level = 0 | 1 | 2 | 3;

const LEVEL: Record<Severity, Level> = { error: 3, warn: 2, info: 1 };

/** The worst level among the node's counts (`[error, warn, info]`) that the shown severities let through. */
export function shownLevel(counts: readonly number[], shown: ReadonlySet<Severity>): Level {
  if ((counts[0] ?? 0) > 0 && shown.has('error')) return 3;
  if ((counts[1] ?? 0) > 0 && shown.has('warn')) return 2;
  if ((counts[2] ?? 0) > 0 && shown.has('info')) return 1;
  return 0;
}

/** Whether a ghost whose worst reference-broken issue has `level` is drawn. */
export function ghostShown(level: number, shown: ReadonlySet<Severity>): boolean {
  if (level >= 3) return shown.has('error');
  if (level === 2) return shown.has('warn');
  return shown.has('info');
}

/** A ghost's ring: red for an error, amber for a warning, faint for a note. */
export const ghostRing = (level: number, pal: Palette): string =>
  level === 3 ? pal.error : level === 2 ? pal.warn : withAlpha(pal.state.broken, 0.35);

export const levelOf = (s: Severity): Level => LEVEL[s];

/** The rendered ring state a test reads: from sigma's display data (what its programs drew). */
export type RingState = 'error' | 'warn' | 'info' | 'selected' | 'plain' | 'none';

export function ringState(
  display: { hidden?: boolean; ringColor?: string; type?: string } | undefined,
  pal: Palette,
): RingState | null {
  if (display === undefined) return null;
  if (display.hidden === true) return 'none';
  const c = display.ringColor;
  if (c === pal.error) return 'error';
  if (c === pal.warn) return 'warn';
  if (c === withAlpha(pal.state.broken, 0.35)) return 'info';
  if (c === pal.selected) return 'selected';
  return 'plain';
}
