import { store } from './store';
import type { Route } from './store';
import { recordCamera } from './view-history';

/** `#/`, `#/issues`, `#/jobs`, `#/plugins`, each optionally followed by `?node=<path>`. */
export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#\/?/, '');
  const [view = '', query = ''] = raw.split('?', 2);
  const node = new URLSearchParams(query).get('node');
  const known = view === 'issues' || view === 'jobs' || view === 'plugins';
  return { view: known ? view : 'map', node: node === '' ? null : node };
}

export function formatHash(route: Route): string {
  const view = route.view === 'map' ? '' : route.view;
  const query = route.node === null ? '' : `?${new URLSearchParams({ node: route.node }).toString()}`;
  return `#/${view}${query}`;
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
