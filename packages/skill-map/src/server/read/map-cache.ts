import { packMap } from '@skill-map/spec';
import type { MapReader } from './map-reader.js';
import { projectMap } from './map-projection.js';

/** `GET /api/map`'s body, kept as JSON text while the persisted scan is unchanged. */
export interface MapCache {
  /** The current projection as JSON text, computed at most once per scan key. */
  json(): string;
  /** The same with its links packed (`?packed=1`, @skill-map/spec packMap): what the web page reads. */
  packedJson(): string;
}

/**
 * At 10,000 nodes the projection costs a full read of the scan and an 8 MiB JSON text (about a second); the
 * page asks for it on every load, after every scan and after every reconnect. Keyed on the reader's scanKey
 * (persist generation, scan time, file identity), so a scan, a patch or a suppression from any process is
 * seen at the next request. A reader without a key is projected on every request.
 */
export function createMapCache(reader: MapReader): MapCache {
  let key: string | null = null;
  let texts: { json?: string; packed?: string } = {};
  const text = (form: 'json' | 'packed'): string => {
    const now = reader.scanKey?.() ?? null;
    if (now === null || now !== key) {
      texts = {};
      key = now;
    }
    const cached = texts[form];
    if (cached !== undefined) return cached;
    const map = projectMap(reader.loadScanResult());
    const made = JSON.stringify(form === 'json' ? map : packMap(map));
    if (now !== null) texts[form] = made;
    return made;
  };
  return { json: () => text('json'), packedJson: () => text('packed') };
}
