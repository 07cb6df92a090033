// The record patch's answer to a plugin manifest declaring other plugin names: `ns:skill` triggers resolve through a
// declared namespace only (and are dropped otherwise), so the stored index gets the new set of names (another manifest
// may declare the same one) and the files whose cached records may hold `ns:` for a name that came or went are
// re-resolved too.
import type { FileRecord } from '../types.js';
import { derivedIndex, type ResolutionIndex } from './resolution-index.js';
import { MAX_REACHING, type PatchLookup } from './virtual-patch.js';

/** The plugin-name part of a patch. */
export interface PluginPatch {
  readonly index: ResolutionIndex;
  /** Unchanged files that may name `ns:` of a name that came or went (to re-resolve). */
  readonly reaching: FileRecord[];
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The plugin-name part of the patch of `changes`, or the reason it does not apply; null when no name changed. */
export function patchPlugins(
  index: ResolutionIndex,
  changes: ReadonlyArray<{ readonly prev: FileRecord; readonly next: FileRecord }>,
  lookup: PatchLookup | undefined,
): PluginPatch | string | null {
  const touched = new Set<string>();
  for (const { prev, next } of changes) {
    const a = new Set(prev.pluginNames ?? []);
    const b = new Set(next.pluginNames ?? []);
    for (const n of a) if (!b.has(n)) touched.add(n);
    for (const n of b) if (!a.has(n)) touched.add(n);
  }
  if (touched.size === 0) return null;
  const first = [...touched].sort()[0]!;
  if (lookup === undefined) return `the plugin name '${first}' came or went`;
  const changed = new Map(changes.map((c) => [c.next.path, c.next] as const));
  const names = new Set(index.pluginNames);
  const reachingPaths = new Set<string>();
  for (const name of [...touched].sort()) {
    if (/[^\x20-\x7e]/.test(name) || name === '') return `the plugin name '${name}' has no plain-text form`;
    // Who declares it now: the changed records, and any other manifest whose cached record names it.
    const candidates = lookup.recordsMentioning([
      { parts: [name.toLowerCase()], pattern: new RegExp(escape(name), 'i') },
    ]);
    let declared = [...changed.values()].some((r) => r.pluginNames?.includes(name) === true);
    for (const p of candidates) {
      if (changed.has(p)) continue;
      const record = lookup.record(p);
      if (record === undefined) return `the cached record of '${p}' (which may name '${name}') is missing`;
      if (record.pluginNames?.includes(name) === true) declared = true;
      // Triggers are normalised lower-case: `Kit:Skill` names namespace `kit`.
      else if (new RegExp(`${escape(name)}:`, 'i').test(JSON.stringify(record.links ?? [])))
        reachingPaths.add(p);
    }
    if (declared) names.add(name);
    else names.delete(name);
    if (reachingPaths.size > MAX_REACHING) return `more than ${MAX_REACHING} files may name '${name}:'`;
  }
  const reaching: FileRecord[] = [];
  for (const p of [...reachingPaths].sort()) reaching.push(lookup.record(p)!);
  return { index: derivedIndex({ ...index, pluginNames: [...names].sort() }, index), reaching };
}
