import { hash } from 'node:crypto';
import type { RowInputs } from '../adapters/sqlite/fingerprints.js';
import { KERNEL_CACHE_VERSION } from '../kernel/index.js';
import type { FileRecord, LensDecision, RawLink, ScanSettings } from '../kernel/index.js';
import type { CachedFile } from './warm-state.js';

/** Bump when the graph stage or the persisted row shape changes in a way the other salt parts do not show. */
const ROW_INPUTS_VERSION = 1;

const sameIdentity = (a: RawLink, b: RawLink): boolean =>
  a.target === b.target && a.kind === b.kind && (a.trigger?.normalizedTrigger ?? '') === (b.trigger?.normalizedTrigger ?? '');

/** True when every raw link names the record itself as source and no identity repeats (so identity → raw link). */
function ownUniqueLinks(record: FileRecord): boolean {
  const links = record.links;
  for (const l of links) if (l.source !== record.path) return false;
  if (links.length <= 16) {
    for (let i = 1; i < links.length; i += 1) for (let j = 0; j < i; j += 1) if (sameIdentity(links[i] as RawLink, links[j] as RawLink)) return false;
    return true;
  }
  const seen = new Set<string>();
  for (const l of links) {
    const id = `${l.target}\0${l.kind}\0${l.trigger?.normalizedTrigger ?? ''}`;
    if (seen.has(id)) return false;
    seen.add(id);
  }
  return true;
}

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
      if (r === undefined || r === null || r.node === null || r.node.path !== r.path || !ownUniqueLinks(r)) return undefined;
      return `${r.contentHash}\0${r.cacheKey}`;
    },
  };
}
