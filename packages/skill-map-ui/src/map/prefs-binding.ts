// Keeps the map's filters and scope across reloads (localStorage): restored once at start, saved on change.
import { store } from '../state/store';
import { loadPrefs, savePrefs } from './persist';

export function bindMapPrefs(): void {
  const saved = loadPrefs();
  if (saved !== null) store.set(saved);
  let last = store.get();
  store.subscribe(() => {
    const s = store.get();
    if (s.filter !== last.filter || s.scope !== last.scope) savePrefs(s.filter, s.scope);
    last = s;
  });
}
