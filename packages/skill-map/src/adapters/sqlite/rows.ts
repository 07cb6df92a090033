import { hash } from 'node:crypto';
import type { Issue, Node } from '../domain.js';

/** A short content hash for diffing rows (not a security boundary). */
export function rowHash(json: string): string {
  return hash('sha1', json, 'base64');
}

const json = (v: unknown): string | null => (v === undefined || v === null ? null : JSON.stringify(v));

function str(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

/** Bound values of one row (positional: cheaper to bind than named parameters). */
export type RowValues = Array<string | number | null>;

/**
 * Columns of a `scan_nodes` row, in the order `nodeValues` binds them: the node's canonical JSON, the few
 * fields SQL filters on, and the row fingerprint (`record_id` + the fields a node row depends on besides its
 * record, `links_digest` for its outgoing links).
 */
export const NODE_COLUMNS = [
  'path',
  'kind',
  'provider',
  'title',
  'virtual',
  'links_out_count',
  'links_in_count',
  'modified_at_ms',
  'node_json',
  'record_id',
  'links_digest',
] as const;

/** The fingerprint columns of a node row (null = compare in full next time). */
export interface NodeFingerprint {
  readonly record: number | null;
  readonly digest: number | null;
}

function mtime(node: Node): number | null {
  return typeof node.modifiedAtMs === 'number' ? node.modifiedAtMs : null;
}

/** Number of bound values per node row. */
export const NODE_WIDTH = NODE_COLUMNS.length;

/** Writes a node's `scan_nodes` row into `out` from `at` (a multi-row insert fills one buffer). */
export function nodeValuesInto(
  node: Node,
  nodeJson: string,
  fp: NodeFingerprint,
  out: RowValues,
  at: number,
): void {
  const fm = node.frontmatter;
  out[at] = node.path;
  out[at + 1] = node.kind;
  out[at + 2] = node.provider;
  out[at + 3] = fm === undefined || fm === null ? null : (str(fm['title']) ?? str(fm['name']));
  out[at + 4] = node.virtual ? 1 : 0;
  out[at + 5] = node.linksOutCount;
  out[at + 6] = node.linksInCount;
  out[at + 7] = mtime(node);
  out[at + 8] = nodeJson;
  out[at + 9] = fp.record;
  out[at + 10] = fp.digest;
}

/** Maps a node to its `scan_nodes` row; `nodeJson` is its canonical serialisation. */
export function nodeValues(node: Node, nodeJson: string, fp: NodeFingerprint): RowValues {
  const out: RowValues = new Array<string | number | null>(NODE_WIDTH);
  nodeValuesInto(node, nodeJson, fp, out, 0);
  return out;
}

/** What a persist without an in-memory index reads back per node row: its path and fingerprint columns. */
export type StoredNodeState = readonly [
  path: string,
  record: number | null,
  modifiedAtMs: number | null,
  out: number,
  inCount: number,
  digest: number | null,
];

/** True when a stored row proves the node unchanged: same record, mtime and link counts (the record was known). */
export function storedNodeMatches(s: StoredNodeState, record: number | null, node: Node): boolean {
  return (
    record !== null &&
    s[1] === record &&
    s[2] === mtime(node) &&
    s[3] === node.linksOutCount &&
    s[4] === node.linksInCount
  );
}

/** The diff identity of an issue: analyzer, severity, nodes, suppression target and message. */
export function issueIdentity(issue: Issue): string {
  const target = issue.data?.target;
  return `${issue.analyzerId}\0${issue.severity}\0${issue.nodeIds.join('\u0001')}\0${typeof target === 'string' ? target : ''}\0${issue.message}`;
}

/**
 * The storable form of an issue's `linkIndices` (positions in one scan's link array): the row ids of those
 * links, so an issue row survives links being added or removed elsewhere and is re-indexed against whatever
 * link order a later read returns. An index outside the list is kept as `-1 - index` (never a row id).
 */
export function issueLinkIds(issue: Issue, idOf: (index: number) => number | undefined): number[] | null {
  return issue.linkIndices?.map((i) => idOf(i) ?? -1 - i) ?? null;
}

/**
 * The identity keys of the links an issue names (what its `row_hash` covers: unlike row ids they are known
 * without reading the links back). An index outside the list becomes `#missing:<index>`.
 */
export function issueLinkKeys(issue: Issue, keyOf: (index: number) => string | undefined): string[] | null {
  return issue.linkIndices?.map((i) => keyOf(i) ?? `#missing:${i}`) ?? null;
}

/** The canonical JSON of an issue with the keys of its links (what `row_hash` covers). */
export function issueContentJson(issue: Issue, keys: string[] | null): string {
  const { linkIndices: _drop, ...rest } = issue;
  return JSON.stringify({ ...rest, linkKeys: keys });
}

/** Columns of a `scan_issues` row, in the order `issueValues` binds them. */
export const ISSUE_COLUMNS = [
  'issue_key',
  'group_key',
  'analyzer_id',
  'severity',
  'node_ids_json',
  'link_ids_json',
  'message',
  'detail',
  'fix_json',
  'data_json',
  'data_target',
  'row_hash',
] as const;

/** Maps an issue to its `scan_issues` row (`linkIds` for reads, `contentJson` for the row hash). */
export function issueValues(
  issue: Issue,
  key: string,
  linkIds: number[] | null,
  contentJson: string,
): RowValues {
  const target = issue.data?.['target'];
  return [
    key,
    issue.nodeIds[0] ?? '',
    issue.analyzerId,
    issue.severity,
    JSON.stringify(issue.nodeIds),
    json(linkIds),
    issue.message,
    issue.detail ?? null,
    json(issue.fix),
    json(issue.data),
    typeof target === 'string' ? target : null,
    rowHash(contentJson),
  ];
}

/** A `scan_issues` row as read back. */
export interface IssueRowOut {
  id: number;
  analyzer_id: string;
  severity: Issue['severity'];
  node_ids_json: string;
  link_ids_json: string | null;
  message: string;
  detail: string | null;
  fix_json: string | null;
  data_json: string | null;
}

/** Rebuilds an issue from its row; `indexOfLink` maps a stored link id to a position in the caller's list. */
export function fromIssueRow(row: IssueRowOut, indexOfLink: (id: number) => number | undefined): Issue {
  const issue: Issue = {
    analyzerId: row.analyzer_id,
    severity: row.severity,
    nodeIds: JSON.parse(row.node_ids_json) as string[],
    message: row.message,
  };
  if (row.link_ids_json !== null) {
    const ids = JSON.parse(row.link_ids_json) as number[];
    issue.linkIndices = ids
      .map((id) => (id < 0 ? undefined : indexOfLink(id)))
      .filter((i): i is number => i !== undefined);
  }
  if (row.detail !== null) issue.detail = row.detail;
  if (row.fix_json !== null) issue.fix = JSON.parse(row.fix_json) as Record<string, unknown>;
  if (row.data_json !== null) issue.data = JSON.parse(row.data_json) as Record<string, unknown>;
  return issue;
}
