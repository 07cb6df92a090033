// The warm persist: diff against the in-memory index a previous persist in this process left behind.
import type { Link, Node } from '../domain.js';
import { jsonEqual } from '../json-equal.js';
import { nodeRecord, sameNodeInputs } from './fingerprints.js';
import { encodeLink, linkIdentity, rowIdentity } from './link-codec.js';
import type { IndexedLinkGroup, IndexedNode, PersistIndex } from './persist-index.js';
import type { RenameMove } from './renames.js';
import { nodeValues } from './rows.js';
import type { NodeFingerprint } from './rows.js';
import type { Group } from './persist-layout.js';
import { suffixed, EMPTY_GROUP } from './persist-layout.js';
import { digestOf, insertLink, removeVanished } from './persist-state.js';
import type { PersistState } from './persist-state.js';

const sameTrigger = (a: Link, b: Link): boolean =>
  (a.trigger?.normalizedTrigger ?? '') === (b.trigger?.normalizedTrigger ?? '');

const sameLinkIdentity = (a: Link, b: Link): boolean =>
  a.source === b.source && a.target === b.target && a.kind === b.kind && sameTrigger(a, b);

/** Same identity and resolution outcome: with the same record, the rest of the link is the same raw link. */
/**
 * Same kept raw link and resolution outcome. With the same record the raw link is fixed by target, kind, authored
 * trigger (the normalised one derives from it) and the offset of its first occurrence; the authored trigger is the
 * record's own string, where the normalised one is rebuilt by every graph build.
 */
const sameOutcome = (a: Link, b: Link): boolean =>
  a.target === b.target &&
  a.resolvedTarget === b.resolvedTarget &&
  a.confidence === b.confidence &&
  a.kind === b.kind &&
  a.location?.offset === b.location?.offset &&
  (a.trigger?.originalTrigger ?? null) === (b.trigger?.originalTrigger ?? null);

function unchangedGroup(
  prev: IndexedLinkGroup,
  record: number | null,
  links: readonly Link[],
  group: Group,
): boolean {
  const length = group.length;
  if (prev.values.length !== length) return false;
  if (record !== null && prev.record === record) {
    for (let n = 0; n < length; n += 1) {
      const a = prev.values[n] as Link;
      const b = links[group.at(n)] as Link;
      if (a !== b && !sameOutcome(a, b)) return false;
    }
    return true;
  }
  for (let n = 0; n < length; n += 1) {
    const b = links[group.at(n)];
    if (prev.values[n] !== b && !jsonEqual(prev.values[n], b)) return false;
  }
  return true;
}

/** Row ids of a warm group, read back by key the first time a write needs them. */
function groupIds(s: PersistState, source: string, prev: IndexedLinkGroup): number[] {
  if (prev.ids !== null) return prev.ids;
  const rows = s.st.linkKeysOf.all(source) as Array<[number, string, string, string | null]>;
  const byKey = new Map<string, number>();
  const prevKeys = suffixed(rows.map((r) => rowIdentity(source, r[1], r[2], r[3])));
  for (let m = 0; m < rows.length; m += 1)
    byKey.set(prevKeys[m] as string, (rows[m] as [number, string, string, string | null])[0]);
  const keys = suffixed(prev.values.map(linkIdentity));
  prev.ids = keys.map((k) => byKey.get(k) ?? -1);
  return prev.ids;
}

/** Diffs a changed warm group in memory; returns its new state. */
function diffWarmGroup(
  s: PersistState,
  source: string,
  prev: IndexedLinkGroup | undefined,
  record: number | null,
  group: Group,
): IndexedLinkGroup {
  const links = s.layout.links;
  const values = group.indexes.map((i) => links[i] as Link);
  const ids = new Array<number>(values.length);
  const update = (id: number, i: number): void => {
    s.st.updateLink.run(...encodeLink(links[i] as Link), id);
    s.c.links.updated += 1;
  };
  const prevValues = prev?.values ?? [];
  const prevIds = prev === undefined ? [] : groupIds(s, source, prev);
  if (
    prevValues.length === values.length &&
    prevValues.every((p, n) => sameLinkIdentity(p, values[n] as Link))
  ) {
    for (let n = 0; n < values.length; n += 1) {
      const i = group.indexes[n] as number;
      ids[n] = prevIds[n] as number;
      s.linkIds[i] = ids[n];
      if (!jsonEqual(prevValues[n], values[n])) update(ids[n] as number, i);
    }
    return { record, values, ids };
  }
  const byKey = new Map<string, number>();
  const prevKeys = suffixed(prevValues.map(linkIdentity));
  for (let m = 0; m < prevKeys.length; m += 1) byKey.set(prevKeys[m] as string, m);
  const keys = s.layout.keys(group);
  for (let n = 0; n < values.length; n += 1) {
    const i = group.indexes[n] as number;
    const m = byKey.get(keys[n] as string);
    if (m === undefined) {
      ids[n] = insertLink(s, i);
      continue;
    }
    byKey.delete(keys[n] as string);
    ids[n] = prevIds[m] as number;
    s.linkIds[i] = ids[n];
    if (!jsonEqual(prevValues[m], values[n])) update(ids[n] as number, i);
  }
  for (const m of byKey.values()) s.st.deleteLink.run(prevIds[m]);
  s.c.links.deleted += byKey.size;
  return { record, values, ids };
}

/**
 * Persist with the previous persist's in-memory index: nothing is read back. A node whose record, mtime and link
 * counts are unchanged is skipped without a comparison (the fingerprint the cold path stores, held in memory);
 * so is a source's link group whose record and resolution outcome are unchanged. Other rows are compared
 * structurally. The index is updated in place.
 */
export function persistWarm(s: PersistState, index: PersistIndex): RenameMove[] {
  const { st, result, layout } = s;
  const trusted = s.inputs !== undefined && s.inputs.salt === index.salt;
  const added: Node[] = [];
  const written = new Set<string>();
  let matched = 0;
  for (const node of result.nodes) {
    const prev: IndexedNode | undefined = index.nodes.get(node.path);
    if (prev !== undefined) {
      matched += 1;
      // An incremental graph build shares every node it did not touch with the previous result.
      if (prev.value === node) continue;
      // Same record, mtime and link counts, no sidecar: the row is what it was (no comparison, no serialisation).
      if (trusted && prev.record !== null && sameNodeInputs(prev.value, node)) {
        if (prev.token !== undefined && s.inputs?.token?.(node.path) === prev.token) continue;
        if (nodeRecord(s.inputs, node) === prev.record) {
          prev.token = s.inputs?.token?.(node.path);
          continue;
        }
      }
    }
    const record = nodeRecord(s.inputs, node);
    const token = record === null ? undefined : s.inputs?.token?.(node.path);
    if (prev !== undefined && jsonEqual(prev.value, node)) {
      prev.record = record;
      prev.token = token;
      continue;
    }
    const group = layout.groups.get(node.path) ?? EMPTY_GROUP;
    const fp: NodeFingerprint = { record, digest: digestOf(s, record, group) };
    const json = JSON.stringify(node);
    if (prev === undefined) {
      st.insertNode.run(nodeValues(node, json, fp));
      s.c.nodes.inserted += 1;
      if (node.virtual !== true) added.push(node);
      index.nodes.set(node.path, { value: node, record, token });
    } else {
      st.updateNode.run(...nodeValues(node, json, fp), node.path);
      s.c.nodes.updated += 1;
      prev.value = node;
      prev.record = record;
      prev.token = token;
    }
    written.add(node.path);
  }
  const gone: Array<[string, Node | undefined]> = [];
  if (matched !== index.nodes.size - s.c.nodes.inserted) {
    const seen = new Set(result.nodes.map((n) => n.path));
    for (const [path, prev] of index.nodes) if (!seen.has(path)) gone.push([path, prev.value]);
    for (const [path] of gone) index.nodes.delete(path);
  }
  const renames = removeVanished(s, gone, added, false);
  const touched: string[] = [];
  for (const [source, group] of layout.groups) {
    const prev = index.links.get(source);
    // The node loop brought every node's record identity up to date (null: not fingerprinted, compare in full).
    const record = trusted ? (index.nodes.get(source)?.record ?? null) : null;
    if (prev !== undefined) {
      group.done = true;
      if (unchangedGroup(prev, record, layout.links, group)) {
        prev.record = record;
        if (prev.keys !== undefined) group.keys ??= prev.keys;
        continue;
      }
    }
    index.links.set(source, diffWarmGroup(s, source, prev, record, group));
    touched.push(source);
  }
  if (index.links.size !== layout.groups.size) {
    for (const [source, prev] of index.links) {
      if (layout.groups.has(source)) continue;
      for (const id of groupIds(s, source, prev)) st.deleteLink.run(id);
      s.c.links.deleted += prev.values.length;
      index.links.delete(source);
      touched.push(source);
    }
  }
  // A source whose links changed gets a fresh digest, so the next cold persist never trusts a stale one.
  for (const source of touched) {
    if (written.has(source)) continue;
    const entry = index.nodes.get(source);
    if (entry === undefined) continue;
    const record = nodeRecord(s.inputs, entry.value);
    st.setNodeFp.run(record, digestOf(s, record, layout.groups.get(source) ?? EMPTY_GROUP), source);
  }
  return renames;
}
