import { unpackMap, type PackedMap } from '@skill-map/spec';
import { api, ApiError } from '../api/client';
import type { EnvelopeRegistries, LiveEvent, MapProjection } from '../api/types';
import { setKindRegistry } from '../map/colors';
import type { LiveConnection } from '../live/live-connection';
import { foldActivityEvent, loadActivity } from './activity-loader';
import { store } from './store';

let inFlight: Promise<void> | null = null;
let again = false;

/** Loads `/api/map`; a reload asked for while one runs is folded into one more after it. */
export function loadMap(): Promise<void> {
  if (inFlight !== null) {
    again = true;
    return inFlight;
  }
  inFlight = (async () => {
    try {
      // The registries ride on any payload-bearing envelope; the scan's metadata is the smallest one.
      // The links packed (a third of the bytes at 10,000 nodes: less to decode and parse on the page's thread).
      const [packed, meta] = await Promise.all([
        api.get<PackedMap>('/api/map?packed=1'),
        api.get<Partial<EnvelopeRegistries>>('/api/scan?meta=1').catch(() => null),
      ]);
      const map: MapProjection = unpackMap(packed);
      if (meta?.kindRegistry !== undefined) setKindRegistry(meta.kindRegistry);
      store.set((s) => ({ map, mapError: null, mapGeneration: s.mapGeneration + 1 }));
    } catch (err) {
      store.set({ mapError: err instanceof ApiError ? err.message : String(err) });
    } finally {
      inFlight = null;
      if (again) {
        again = false;
        void loadMap();
      }
    }
  })();
  return inFlight;
}

/** Listeners for any live event (views that keep their own data: jobs, the open node panel). */
const eventListeners = new Set<(e: LiveEvent) => void>();
export function onLiveEvent(fn: (e: LiveEvent) => void): () => void {
  eventListeners.add(fn);
  return () => void eventListeners.delete(fn);
}

/** Wires `/ws` to the store: scans reload the map, activity events fold in, a reconnect re-seeds everything. */
export function bindLive(live: LiveConnection): void {
  live.onState((state, reconnected) => {
    // A lost server scans nothing: a scan that was running is over (a restarted one announces its own).
    store.set(state === 'open' ? { connection: state } : { connection: state, scanning: false });
    if (state === 'open' && reconnected) {
      void loadMap();
      void loadActivity();
    }
  });
  live.onEvent((e) => {
    if (e.type === 'scan.started') store.set({ scanning: true });
    if (e.type === 'scan.failed') store.set({ scanning: false });
    if (e.type === 'scan.completed') {
      store.set({ scanning: false });
      void loadMap();
    }
    foldActivityEvent(e);
    for (const fn of eventListeners) fn(e);
  });
}
