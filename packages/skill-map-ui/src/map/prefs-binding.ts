// Keeps the map's filters, scope and activity overlay choice across reloads (localStorage): restored once at
// start, saved on change.
import { store } from '../state/store';
import { loadActivityShown, loadPrefs, saveActivityShown, savePrefs } from './persist';

export function bindMapPrefs(): void {
  const saved = loadPrefs();
  if (saved !== null) store.set(saved);
  const shown = loadActivityShown();
  if (shown !== null) store.set({ activityShown: shown });
  let last = store.get();
  store.subscribe(() => {
    const s = store.get();
    if (s.filter !== last.filter || s.scope !== last.scope) savePrefs(s.filter, s.scope);
    if (s.activityShown !== last.activityShown) saveActivityShown(s.activityShown);
    last = s;
  });
}
