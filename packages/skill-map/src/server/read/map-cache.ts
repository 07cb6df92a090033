import type { MapReader } from './map-reader.js';
import { projectMap } from './map-projection.js';

/** `GET /api/map`'s body, kept as JSON text while the persisted scan is unchanged. */
export interface MapCache {
  /** The current projection as JSON text, computed at most once per scan key. */
  json(): string;
}

/**
 * At 10,000 nodes the projection costs a full read of the scan and an 8 MiB JSON text (about a second); the
 * page asks for it on every load, after every scan and after every reconnect. Keyed on the reader's scanKey
 * (persist generation, scan time, file identity), so a scan, a patch or a suppression from any process is
 * seen at the next request. A reader without a key is projected on every request.
 */
export function createMapCache(reader: MapReader): MapCache {
  let key: string | null = null;
  let body = '';
  return {
    json: () => {
      const now = reader.scanKey?.() ?? null;
      if (now !== null && now === key) return body;
      body = JSON.stringify(projectMap(reader.loadScanResult()));
      key = now;
      return body;
    },
  };
}
