// What a changed file's record may change while the in-place patches (incremental.ts, record-patch.ts) still apply:
// anything but what other records resolve against. `identityChange` names the first such change, as the reason a
// patch gives for falling back to the full build.
import type { Node } from '@skill-map/spec';
import { recordRole } from '../record-format.js';
import type { FileRecord } from '../types.js';
import { prepareRecord } from './prepared.js';

const listed = (values: readonly string[]): string => (values.length === 0 ? 'none' : values.join(', '));

/** The virtual nodes a record declares, in a comparable form (path → JSON), or null when it declares none. */
function virtualForms(record: FileRecord): Map<string, string> | null {
  const list = record.virtualNodes;
  if (list === undefined || list.length === 0) return null;
  return new Map(list.map((v: Node) => [v.path, JSON.stringify(v)]));
}

/** Null when `next` declares the same virtual nodes as `prev` (same paths, same fields), else what differs. */
function virtualChange(prev: FileRecord, next: FileRecord): string | null {
  const a = virtualForms(prev);
  const b = virtualForms(next);
  if (a === null && b === null) return null;
  const added = [...(b?.keys() ?? [])].filter((p) => a?.has(p) !== true);
  const removed = [...(a?.keys() ?? [])].filter((p) => b?.has(p) !== true);
  const changed = [...(b?.keys() ?? [])].filter((p) => a?.has(p) === true && a.get(p) !== b!.get(p));
  if (added.length + removed.length + changed.length === 0) return null;
  const parts = [
    added.length > 0 ? `declares ${listed(added)}` : '',
    removed.length > 0 ? `no longer declares ${listed(removed)}` : '',
    changed.length > 0 ? `declares ${listed(changed)} differently` : '',
  ].filter((s) => s !== '');
  return `'${next.path}' ${parts.join(' and ')}`;
}

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  const x = a ?? [];
  const y = b ?? [];
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

/**
 * Null when `next` replaces `prev` (same path) without changing anything another record resolves against: the same
 * role, the same kind of node with the same provider and names, the same virtual nodes and plugin names, not a
 * sidecar (`allow`: virtual nodes, names, plugin names or a sidecar may change, the caller re-resolving what those
 * reach). Otherwise the reason, as a phrase
 * ("'a.md' changed kind (agent → skill)").
 */
export function identityChange(
  prev: FileRecord,
  next: FileRecord,
  allow: {
    readonly virtual?: boolean;
    readonly names?: boolean;
    readonly plugins?: boolean;
    readonly sidecars?: boolean;
  } = {},
): string | null {
  const path = next.path;
  // The same content under the same analysis (a file re-read because its stat moved): the same graph identity.
  if (prev.contentHash === next.contentHash && prev.cacheKey === next.cacheKey) return null;
  const roleA = recordRole(prev);
  const roleB = recordRole(next);
  if (roleA === 'sidecar' && roleB === 'sidecar' && allow.sidecars === true) return null;
  if (roleA === 'sidecar' || roleB === 'sidecar') return `the sidecar '${path}' changed`;
  if (roleA !== roleB) return `'${path}' changed role (${roleA} → ${roleB})`;
  const a = prev.node;
  const b = next.node;
  if ((a === null) !== (b === null)) return `'${path}' ${b === null ? 'is no longer' : 'became'} a node`;
  if (a !== null && b !== null) {
    if (a.kind !== b.kind) return `'${path}' changed kind (${a.kind} → ${b.kind})`;
    if (a.provider !== b.provider) return `'${path}' changed provider (${a.provider} → ${b.provider})`;
    const ia = prepareRecord(prev).identifiers;
    const ib = prepareRecord(next).identifiers;
    const same =
      ia.length === ib.length && ia.every((id, i) => id.handle === ib[i]!.handle && id.via === ib[i]!.via);
    if (!same && allow.names !== true)
      return `'${path}' changed the names it answers to (${listed(ia.map((i) => i.handle))} → ${listed(ib.map((i) => i.handle))})`;
  }
  if (allow.plugins !== true && !sameList(prev.pluginNames, next.pluginNames))
    return `'${path}' declares other plugin names (${listed(prev.pluginNames ?? [])} → ${listed(next.pluginNames ?? [])})`;
  return allow.virtual === true ? null : virtualChange(prev, next);
}

/** The virtual node paths `prev` or `next` declares differently (empty when they declare the same ones alike). */
export function virtualPathsChanged(prev: FileRecord, next: FileRecord): string[] {
  const a = virtualForms(prev) ?? new Map<string, string>();
  const b = virtualForms(next) ?? new Map<string, string>();
  const out = new Set<string>();
  for (const [p, json] of a) if (b.get(p) !== json) out.add(p);
  for (const [p, json] of b) if (a.get(p) !== json) out.add(p);
  return [...out].sort();
}
