// Loads live activity into the store: `GET /api/activity/summary` with the map (and after a reconnect), and
// every `/ws` `node.activity` / `agent.spawn` event folded in (activity-model.ts decides how).
import { api } from '../api/client';
import type { LiveEvent } from '../api/types';
import { foldEvent, foldSummary, type ActivitySummary } from './activity-model';
import { store } from './store';

/** Fetches the summary and folds it in; a failure keeps what is held (the overlay is an extra, not the map). */
export async function loadActivity(): Promise<void> {
  try {
    const res = await api.get<{ value: ActivitySummary }>('/api/activity/summary');
    store.set((s) => ({ activity: foldSummary(s.activity, res.value) }));
  } catch {
    // an older server without the route, or a lost connection: the next reconnect loads it again
  }
}

/** Folds one live event in (a no-op for other events: the store is not touched). */
export function foldActivityEvent(e: LiveEvent): void {
  if (e.type !== 'node.activity' && e.type !== 'agent.spawn') return;
  const s = store.get();
  const next = foldEvent(s.activity, e);
  if (next !== s.activity) store.set({ activity: next });
}
