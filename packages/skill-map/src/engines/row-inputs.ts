import { hash } from 'node:crypto';
import type { RowInputs } from '../adapters/sqlite/fingerprints.js';
import { isSelfContainedRecord, KERNEL_CACHE_VERSION } from '../kernel/index.js';
import type { LensDecision, ScanSettings } from '../kernel/index.js';
import type { CachedFile } from './warm-state.js';

/** Bump when the graph stage or the persisted row shape changes in a way the other salt parts do not show. */
const ROW_INPUTS_VERSION = 1;

/**
 * The row inputs the store fingerprints (see `RowInputs`): each node path's record identity (content
 * hash + cache key), for records whose node and links are a function of that record alone, salted with
 * everything else the graph stage reads that the records do not carry (settings, active providers,
 * kernel version). Looked up per path (a warm persist only fingerprints the rows it writes).
 */
export function rowInputsFor(files: ReadonlyMap<string, CachedFile>, lens: LensDecision, settings: ScanSettings): RowInputs {
  const salt = hash('sha1', `${ROW_INPUTS_VERSION}\0${KERNEL_CACHE_VERSION}\0${lens.providers.join(',')}\0${JSON.stringify(settings)}`, 'base64');
  return {
    salt,
    record(path) {
      const r = files.get(path)?.record;
      // Records carry their own links only (no source field); the kernel checks the node and that no link identity repeats.
      if (r === undefined || r === null || !isSelfContainedRecord(r)) return undefined;
      return `${r.contentHash}\0${r.cacheKey}`;
    },
  };
}
