// The cold persist: diff against the rows in the database (or bulk-load an empty zone).
import type { Database as Db } from 'better-sqlite3';
import type { Link, Node } from '../domain.js';
import { nodeRecord } from './fingerprints.js';
import {
  LINK_COLUMNS,
  LINK_WIDTH,
  encodeLink,
  encodeLinkInto,
  rowIdentity,
  sameLinkValues,
} from './link-codec.js';
import type { LinkValues } from './link-codec.js';
import type { RenameMove } from './renames.js';
import { NODE_COLUMNS, NODE_WIDTH, nodeValues, nodeValuesInto, storedNodeMatches } from './rows.js';
import type { NodeFingerprint, RowValues, StoredNodeState } from './rows.js';
import { cached } from './statements.js';
import type { Group } from './persist-layout.js';
import { suffixed, EMPTY_GROUP } from './persist-layout.js';
import { digestOf, insertNode, insertLink, removeVanished } from './persist-state.js';
import type { IdRow, PersistState } from './persist-state.js';
import { BATCH, batchInsert } from './persist-statements.js';

/** Diffs one source's links against its persisted rows (by identity key; content compared column by column). */
function diffGroupFromDb(s: PersistState, source: string, group: Group): void {
  if (group.length === 0) {
    s.c.links.deleted += s.st.deleteLinksOf.run(source).changes;
    return;
  }
  const rows = s.st.linksOf.all(source) as IdRow[];
  if (rows.length === 0) {
    for (const i of group.indexes) insertLink(s, i);
    return;
  }
  const prevKeys = suffixed(rows.map((r) => rowIdentity(r[1], r[2], r[3], r[8])));
  const byKey = new Map<string, number>();
  for (let m = 0; m < prevKeys.length; m += 1) byKey.set(prevKeys[m] as string, m);
  const keys = s.layout.keys(group);
  for (let n = 0; n < group.indexes.length; n += 1) {
    const i = group.indexes[n] as number;
    const key = keys[n] as string;
    const m = byKey.get(key);
    const values = encodeLink(s.layout.links[i] as Link);
    if (m === undefined) {
      insertLink(s, i, values);
      continue;
    }
    byKey.delete(key);
    const row = rows[m] as IdRow;
    s.linkIds[i] = row[0];
    if (!sameLinkValues(row, 1, values)) {
      s.st.updateLink.run(...values, row[0]);
      s.c.links.updated += 1;
    }
  }
  for (const m of byKey.values()) s.st.deleteLink.run((rows[m] as IdRow)[0]);
  s.c.links.deleted += byKey.size;
}

/** Empty zone: every node inserted in batches, with its fingerprint (no existing row to compare with). */
function bulkInsertNodes(s: PersistState): void {
  const { result, layout } = s;
  const nodes = result.nodes;
  const stmt = batchInsert(s.db, 'scan_nodes', NODE_COLUMNS);
  const buf: RowValues = new Array<string | number | null>(BATCH * NODE_WIDTH);
  let filled = 0;
  for (const node of nodes) {
    const group = layout.groups.get(node.path) ?? EMPTY_GROUP;
    group.done = true;
    const record = nodeRecord(s.inputs, node);
    if (s.keepIndex) s.records.set(node.path, record);
    nodeValuesInto(
      node,
      JSON.stringify(node),
      { record, digest: digestOf(s, record, group) },
      buf,
      filled * NODE_WIDTH,
    );
    filled += 1;
    if (filled === BATCH) {
      stmt.run(buf);
      filled = 0;
    }
  }
  for (let j = 0; j < filled; j += 1) s.st.insertNode.run(buf.slice(j * NODE_WIDTH, (j + 1) * NODE_WIDTH));
  s.c.nodes.inserted += nodes.length;
}

/** Empty zone: every link inserted in list order, in batches; row ids follow from the last id of each batch. */
function bulkInsertLinks(s: PersistState): void {
  const links = s.layout.links;
  const stmt = batchInsert(s.db, 'scan_links', LINK_COLUMNS);
  const buf: LinkValues = new Array<string | number | null>(BATCH * LINK_WIDTH);
  let i = 0;
  for (; i + BATCH <= links.length; i += BATCH) {
    for (let j = 0; j < BATCH; j += 1) encodeLinkInto(links[i + j] as Link, buf, j * LINK_WIDTH);
    const first = Number(stmt.run(buf).lastInsertRowid) - BATCH + 1;
    for (let j = 0; j < BATCH; j += 1) s.linkIds[i + j] = first + j;
  }
  s.c.links.inserted += i;
  for (; i < links.length; i += 1) insertLink(s, i);
}

/**
 * Persist without an in-memory index (a new process, or another writer ran since). A node row whose stored
 * fingerprint (record identity, mtime, link counts) matches is unchanged and is not even serialised; a source's
 * links are unchanged when its record and the digest of their resolution outcome match. Anything else is
 * compared with what the rows hold, exactly as a full diff would, so the counts are the same either way. An
 * empty zone is bulk-inserted.
 */
export function persistCold(s: PersistState, empty: boolean, storedSalt: string | null): RenameMove[] {
  const { st, result, layout } = s;
  if (empty) {
    bulkInsertNodes(s);
    bulkInsertLinks(s);
    return [];
  }
  const trusted = s.inputs !== undefined && s.inputs.salt === storedSalt;
  // One JSON text built by SQLite from the covering index parses faster than 10k rows marshalled one by one.
  const stored = new Map<string, StoredNodeState>();
  const text = cached(
    s.db,
    `SELECT json_group_array(json_array(path, record_id, modified_at_ms, links_out_count, links_in_count, links_digest)) FROM scan_nodes`,
    'pluck',
  ).get() as string;
  for (const r of JSON.parse(text) as StoredNodeState[]) stored.set(r[0], r);
  const added: Node[] = [];
  // Groups whose links must be diffed against their rows; run in link-list order so inserted rows keep it.
  const pending: Array<[string, Group]> = [];
  for (const node of result.nodes) {
    const group = layout.groups.get(node.path) ?? EMPTY_GROUP;
    group.done = true;
    const prev = stored.get(node.path);
    const record = nodeRecord(s.inputs, node);
    if (s.keepIndex) s.records.set(node.path, record);
    if (prev === undefined) {
      insertNode(s, node, { record, digest: digestOf(s, record, group) });
      if (node.virtual !== true) added.push(node);
      if (group.length > 0) pending.push([node.path, group]);
      continue;
    }
    stored.delete(node.path);
    const fp: NodeFingerprint = { record, digest: digestOf(s, record, group) };
    let written = false;
    if (!(trusted && storedNodeMatches(prev, record, node))) {
      const json = JSON.stringify(node);
      if (json !== (st.nodeJson.get(node.path) as string | undefined)) {
        st.updateNode.run(...nodeValues(node, json, fp), node.path);
        s.c.nodes.updated += 1;
        written = true;
      }
    }
    const groupSame =
      trusted && record !== null && prev[1] === record && prev[5] !== null && prev[5] === fp.digest;
    if (!groupSame) pending.push([node.path, group]);
    // Once this persist is done the row and its links match the new scan, so its fingerprint is the current one.
    if (!written && (prev[1] !== fp.record || prev[5] !== fp.digest))
      st.setNodeFp.run(fp.record, fp.digest, node.path);
  }
  // Links whose source is not a node of this scan (the kernel never emits them; kept for completeness).
  for (const [source, group] of layout.groups) if (!group.done) pending.push([source, group]);
  pending.sort((a, b) => (a[1].length === 0 ? -1 : a[1].at(0)) - (b[1].length === 0 ? -1 : b[1].at(0)));
  for (const [source, group] of pending) diffGroupFromDb(s, source, group);
  return removeVanished(
    s,
    [...stored.keys()].map((p): [string, undefined] => [p, undefined]),
    added,
    true,
  );
}

/** Rows above which an empty-zone load drops the secondary indexes of the scan zone and rebuilds them after. */
export const BULK_INDEX_THRESHOLD = 5000;

const SCAN_TABLES = ['scan_nodes', 'scan_links', 'scan_issues', 'scan_issue_nodes'];

/**
 * Drops the explicit secondary indexes of the scan zone (inside the caller's transaction) and returns the
 * function that recreates them from their own stored DDL, so the schema ends exactly as it was. Constraint
 * indexes (primary keys, UNIQUE) have no stored DDL and stay.
 */
export function dropScanIndexes(db: Db): () => void {
  const list = db
    .prepare(
      `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${SCAN_TABLES.map(() => '?').join(', ')}) ORDER BY name`,
    )
    .raw()
    .all(...SCAN_TABLES) as Array<[string, string]>;
  for (const [name] of list) db.exec(`DROP INDEX "${name.replace(/"/g, '""')}"`);
  return () => {
    for (const [, sql] of list) db.exec(sql);
  };
}

export function zoneEmpty(db: Db): boolean {
  return (
    cached(
      db,
      `SELECT EXISTS (SELECT 1 FROM scan_nodes) OR EXISTS (SELECT 1 FROM scan_links) OR EXISTS (SELECT 1 FROM scan_issues)`,
      'pluck',
    ).get() === 0
  );
}
