import { store } from './store';
import type { Route } from './store';
import { focusParams, parseFocus, type FocusView } from './focus-view';
import { recordCamera } from './view-history';

/**
 * `#/`, `#/issues`, `#/jobs`, `#/plugins`, each optionally followed by `?node=<path>` and a focus view
 * (`focus=hood&of=<path>&hops=<n>`, `focus=path&from=<a>&to=<b>`, `focus=reach&of=<path>`: state/focus-view.ts).
 */
export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#\/?/, '');
  const [view = '', query = ''] = raw.split('?', 2);
  const q = new URLSearchParams(query);
  const node = q.get('node');
  const known = view === 'issues' || view === 'jobs' || view === 'plugins';
  return { view: known ? view : 'map', node: node === '' ? null : node, focus: parseFocus(q) };
}

export function formatHash(route: Pick<Route, 'view' | 'node'> & { focus?: FocusView | null }): string {
  const view = route.view === 'map' ? '' : route.view;
  const q = new URLSearchParams(route.node === null ? [] : [['node', route.node]]);
  for (const [k, v] of route.focus ? focusParams(route.focus) : []) q.append(k, v);
  const query = q.toString();
  return `#/${view}${query === '' ? '' : `?${query}`}`;
}

/** Moves to a route, recording it in history (so back returns to the previous node or view). */
export function navigate(patch: Partial<Route>): void {
  const next = { ...store.get().route, ...patch };
  const hash = formatHash(next);
  if (location.hash !== hash) {
    recordCamera(); // the entry being left keeps its camera, for Back
    location.hash = hash;
  } else store.set({ route: next });
}

/** Opens a node's panel (and shows it on the map). */
export const openNode = (path: string | null): void => navigate({ node: path });

/** Keeps the store's route in step with the URL. */
export function bindRoute(): void {
  const sync = (): void => store.set({ route: parseHash(location.hash) });
  window.addEventListener('hashchange', sync);
  sync();
}
