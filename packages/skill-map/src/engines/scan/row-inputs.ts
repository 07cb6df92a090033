import { hash } from 'node:crypto';
import type { RowInputs } from '../../adapters/sqlite/fingerprints.js';
import { isSelfContainedRecord, KERNEL_CACHE_VERSION } from '../../kernel/index.js';
import type { FileRecord, LensDecision, ScanSettings } from '../../kernel/index.js';
import type { CachedFile } from './warm-state.js';

/** Bump when the graph stage or the persisted row shape changes in a way the other salt parts do not show. */
const ROW_INPUTS_VERSION = 1;

const keyBits = new Map<string, number>();

/** A 32-bit FNV-1a of a cache key (a handful of distinct keys per process). */
function cacheKeyBits(key: string): number {
  let h = keyBits.get(key);
  if (h === undefined) {
    h = 0x811c9dc5;
    for (let i = 0; i < key.length; i += 1) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
    keyBits.set(key, h);
  }
  return h;
}

/**
 * A record's identity as one 52-bit number: the first 52 bits of its content hash (sha256 hex) mixed with its cache
 * key, so a re-analysis under another context is another identity. Cheap (no string built) and an exact integer
 * in SQLite; undefined for a record without a hex content hash.
 */
export function recordIdentity(r: FileRecord): number | undefined {
  const h = r.contentHash;
  if (typeof h !== 'string' || h.length < 13) return undefined;
  let hi = 0;
  let lo = 0;
  for (let i = 0; i < 13; i += 1) {
    const c = h.charCodeAt(i);
    const d = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : -1;
    if (d === -1) return undefined;
    if (i < 5) hi = (hi << 4) | d;
    else lo = ((lo << 4) | d) >>> 0;
  }
  const k = cacheKeyBits(r.cacheKey);
  return ((hi ^ (k >>> 12)) & 0xfffff) * 0x100000000 + ((lo ^ k) >>> 0);
}

/** The build the row salt names: `name@version` of whoever scans, or empty. */
export function scanBuild(
  scannedBy: { readonly name: string; readonly version: string } | undefined,
): string {
  return scannedBy ? `${scannedBy.name}@${scannedBy.version}` : '';
}

/**
 * The row inputs the store fingerprints (see `RowInputs`): each node path's record identity (`recordIdentity`),
 * for records whose node and links are a function of that record alone, salted with
 * everything else the graph stage reads that the records do not carry (settings, active providers,
 * kernel version, and the build of skill-map when the caller names it). Looked up per path (a warm persist only fingerprints the rows it writes).
 */
export function rowInputsFor(
  files: ReadonlyMap<string, CachedFile>,
  lens: LensDecision,
  settings: ScanSettings,
  build = '',
): RowInputs {
  const salt = hash(
    'sha1',
    `${ROW_INPUTS_VERSION}\0${KERNEL_CACHE_VERSION}\0${build}\0${lens.providers.join(',')}\0${JSON.stringify(settings)}`,
    'base64',
  );
  return {
    salt,
    record(path) {
      const r = files.get(path)?.record;
      // Records carry their own links only (no source field); the kernel checks the node and that no link identity repeats.
      if (r === undefined || r === null || !isSelfContainedRecord(r)) return undefined;
      return recordIdentity(r);
    },
    identity(path) {
      const r = files.get(path)?.record;
      return r === undefined || r === null || r.node === null ? undefined : recordIdentity(r);
    },
  };
}
