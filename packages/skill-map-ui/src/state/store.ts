import { useSyncExternalStore } from 'react';
import type { MapProjection, Severity } from '../api/types';
import type { ConnectionState } from '../live/live-connection';
import { DEFAULT_SEVERITIES } from '../map/markers';
import { EMPTY_ACTIVITY, type ActivityState } from './activity-model';
import type { FocusView } from './focus-view';

/** The page's route, kept in the URL hash so back and forward work and a node can be linked to. */
export interface Route {
  view: 'map' | 'issues' | 'jobs' | 'plugins';
  /** The selected node's path (the panel is open), or null. */
  node: string | null;
  /** The focus view the map shows (a neighbourhood, a path, a reach), or null for the whole map. */
  focus: FocusView | null;
}

/** The map filters, in `sm export`'s grammar: kinds and hosts whitelist, path globs OR, `has=issues`. */
export interface MapFilter {
  kinds: string[];
  providers: string[];
  paths: string[];
  hasIssues: boolean;
}

/** Branch scoping, as `/api/branch`'s overrides: the nearest include/exclude ancestor decides. */
export interface MapScope {
  includes: string[];
  excludes: string[];
}

export interface AppState {
  map: MapProjection | null;
  /** Why the map could not be loaded, shown in place of the map. */
  mapError: string | null;
  /** Bumped on every map (re)load, so views can tell a fresh map from the same one. */
  mapGeneration: number;
  route: Route;
  search: string;
  filter: MapFilter;
  scope: MapScope;
  /** The severities the issues view lists and the map marks (rings, broken targets): info hidden by default. */
  severities: ReadonlySet<Severity>;
  connection: ConnectionState;
  scanning: boolean;
  /** Live activity since the server started (what ran, the spawn pairs). */
  activity: ActivityState;
  /** The map labels nodes with their paths instead of their names (the legend's choice; names by default). */
  labelPaths: boolean;
  /** The map's activity overlay (rings on nodes that ran, spawn edges); the toolbar's "Activity" toggle. */
  activityShown: boolean;
  /** Transient message for the person (an error of an action, a confirmation). */
  toast: { text: string; tone: 'info' | 'error' } | null;
}

export const EMPTY_FILTER: MapFilter = { kinds: [], providers: [], paths: [], hasIssues: false };

const initial: AppState = {
  map: null,
  mapError: null,
  mapGeneration: 0,
  route: { view: 'map', node: null, focus: null },
  search: '',
  filter: EMPTY_FILTER,
  scope: { includes: [], excludes: [] },
  severities: new Set<Severity>(DEFAULT_SEVERITIES),
  connection: 'connecting',
  scanning: false,
  activity: EMPTY_ACTIVITY,
  activityShown: true,
  labelPaths: false,
  toast: null,
};

type Listener = () => void;

/** A minimal external store: immutable snapshots, shallow patches, React reads it through `useApp`. */
class Store {
  private state: AppState = initial;
  private readonly listeners = new Set<Listener>();

  get = (): AppState => this.state;

  set = (patch: Partial<AppState> | ((s: AppState) => Partial<AppState>)): void => {
    const next = typeof patch === 'function' ? patch(this.state) : patch;
    this.state = { ...this.state, ...next };
    for (const fn of this.listeners) fn();
  };

  subscribe = (fn: Listener): (() => void) => {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  };
}

export const store = new Store();

/** Reads a slice of the state; re-renders when that slice changes (by reference). */
export function useApp<T>(select: (s: AppState) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}
