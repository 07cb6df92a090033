// Issues: the persisted index the diff compares with, and the diffed write (links named by row id).
import type { Database as Db } from 'better-sqlite3';
import { jsonEqualExcept } from '../json-equal.js';
import type { StoredIssue } from './persist-index.js';
import { diffRows } from './row-diff.js';
import type { PrevRow, RowDiffSpec, RowGroups } from './row-diff.js';
import {
  issueContentJson,
  issueIdentity,
  issueLinkIds,
  issueLinkKeys,
  issueValues,
  rowHash,
} from './rows.js';
import { cached } from './statements.js';
import { linkIdAt, linkKeyAt } from './persist-state.js';
import type { PersistState } from './persist-state.js';

const sameNodes = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((v, i) => v === b[i]);

const sameKeys = (a: readonly string[] | null, b: readonly string[] | null): boolean =>
  a === b || (a !== null && b !== null && a.length === b.length && a.every((v, i) => v === b[i]));

const ISSUE_DIFF: RowDiffSpec<StoredIssue> = {
  group: (s) => s.issue.nodeIds[0] ?? '',
  identity: (s) => issueIdentity(s.issue),
  sameIdentity: (a, b) =>
    a.issue.analyzerId === b.issue.analyzerId &&
    a.issue.severity === b.issue.severity &&
    a.issue.message === b.issue.message &&
    a.issue.data?.target === b.issue.data?.target &&
    sameNodes(a.issue.nodeIds, b.issue.nodeIds),
  equal: (a, b) =>
    (a.issue === b.issue || jsonEqualExcept(a.issue, b.issue, 'linkIndices')) &&
    sameKeys(a.linkKeys, b.linkKeys),
  hash: (s) => rowHash(issueContentJson(s.issue, s.linkKeys)),
};

type IssueRow = [number, string, string, string];

/** The persisted issues as the cold diff compares them (id, group, key, content hash); a few thousand rows. */
export function loadIssueIndex(db: Db): RowGroups<StoredIssue> {
  const groups: RowGroups<StoredIssue> = new Map();
  for (const [id, group, key, hash] of cached(
    db,
    `SELECT id, group_key, issue_key, row_hash FROM scan_issues ORDER BY id`,
    'raw',
  ).all() as IssueRow[]) {
    const row: PrevRow<StoredIssue> = { id, key, hash };
    const list = groups.get(group);
    if (list) list.push(row);
    else groups.set(group, [row]);
  }
  return groups;
}

/**
 * Diffs the issues by identity key, comparing content and the keys of the links they name (no link row is read
 * for that); a written row also gets the row ids of those links, which reads re-index against the link order.
 */
export function writeIssues(s: PersistState, prev: RowGroups<StoredIssue>): RowGroups<StoredIssue> {
  const { st } = s;
  const keyOf = (i: number): string | undefined => linkKeyAt(s, i);
  const idOf = (i: number): number | undefined => linkIdAt(s, i);
  const stored = s.result.issues.map((issue): StoredIssue => ({
    issue,
    linkKeys: issueLinkKeys(issue, keyOf),
  }));
  const diff = diffRows(prev, stored, ISSUE_DIFF);
  for (const op of diff.ops) {
    const { issue, linkKeys } = op.value;
    const values = issueValues(issue, op.key, issueLinkIds(issue, idOf), issueContentJson(issue, linkKeys));
    let id: number;
    if (op.op === 'insert') {
      id = Number(st.insertIssue.run(values).lastInsertRowid);
      op.row.id = id;
      s.c.issues.inserted += 1;
    } else {
      id = op.id;
      st.updateIssue.run(...values, id);
      st.deleteMembers.run(id);
      s.c.issues.updated += 1;
    }
    for (const path of new Set(issue.nodeIds)) st.insertMember.run(id, path);
  }
  for (const id of diff.deletes) st.deleteIssue.run(id);
  s.c.issues.deleted += diff.deletes.length;
  return diff.next;
}
