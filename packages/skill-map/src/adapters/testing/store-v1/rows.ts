import { hash } from 'node:crypto';
import type { Issue, Link, Node } from '../../domain.js';

/** A short content hash for diffing rows (not a security boundary). */
export function rowHash(json: string): string {
  return hash('sha1', json, 'base64');
}

const json = (v: unknown): string | null => (v === undefined || v === null ? null : JSON.stringify(v));
const int = (v: boolean | undefined): number => (v ? 1 : 0);

function str(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

function intOrNull(v: unknown): number | null {
  return typeof v === 'number' && Number.isInteger(v) ? v : null;
}

/** Columns of a `scan_nodes` row, in the order `nodeValues` binds them. */
export const NODE_COLUMNS = [
  'path',
  'kind',
  'provider',
  'title',
  'description',
  'stability',
  'version',
  'frontmatter_json',
  'body_hash',
  'frontmatter_hash',
  'bytes_frontmatter',
  'bytes_body',
  'bytes_total',
  'tokens_frontmatter',
  'tokens_body',
  'tokens_total',
  'links_out_count',
  'links_in_count',
  'external_refs_count',
  'external_refs_json',
  'scanned_at',
  'modified_at_ms',
  'virtual',
  'derived_from_json',
  'sidecar_present',
  'sidecar_status',
  'annotations_json',
  'sidecar_root_json',
  'node_json',
  'row_hash',
] as const;

/** Bound values of one `scan_nodes` row (positional: cheaper to bind than named parameters). */
export type RowValues = Array<string | number | null>;

/** Maps a node to its `scan_nodes` row; `nodeJson` is its canonical serialisation, `hash` its `row_hash`. */
export function nodeValues(node: Node, nodeJson: string, scannedAt: number, hash: string): RowValues {
  const fm = node.frontmatter ?? {};
  const annotations = node.sidecar?.annotations ?? null;
  return [
    node.path,
    node.kind,
    node.provider,
    str(fm['title']) ?? str(fm['name']),
    str(fm['description']),
    str(annotations?.['stability']) ?? str(fm['stability']),
    intOrNull(annotations?.['version']) ?? intOrNull(fm['version']),
    json(node.frontmatter),
    node.bodyHash,
    node.frontmatterHash,
    node.bytes.frontmatter,
    node.bytes.body,
    node.bytes.total,
    node.tokens?.frontmatter ?? null,
    node.tokens?.body ?? null,
    node.tokens?.total ?? null,
    node.linksOutCount,
    node.linksInCount,
    node.externalRefsCount,
    json(node.externalRefs),
    scannedAt,
    node.modifiedAtMs === undefined || node.modifiedAtMs === null ? null : Math.trunc(node.modifiedAtMs),
    int(node.virtual),
    json(node.derivedFrom),
    int(node.sidecar?.present),
    node.sidecar?.status ?? null,
    json(annotations),
    json(node.sidecar?.root),
    nodeJson,
    hash,
  ];
}

/** The diff identity of a link: the kernel's dedupe tuple (source, target, kind, normalized trigger). */
export function linkIdentity(link: Link): string {
  return `${link.source}\0${link.target}\0${link.kind}\0${link.trigger?.normalizedTrigger ?? ''}`;
}

/** Columns of a `scan_links` row, in the order `linkValues` binds them. */
export const LINK_COLUMNS = [
  'link_key',
  'source_path',
  'target_path',
  'kind',
  'confidence',
  'sources_json',
  'original_trigger',
  'normalized_trigger',
  'location_line',
  'location_column',
  'location_offset',
  'occurrences_json',
  'resolved_target',
  'raw',
  'link_json',
  'row_hash',
] as const;

/**
 * Maps a link to its `scan_links` row. `row_hash` is not computed: a persist compares a link row by its
 * source's group fingerprint, else by `link_json` text.
 */
export function linkValues(link: Link, key: string, linkJson: string): RowValues {
  return [
    key,
    link.source,
    link.target,
    link.kind,
    link.confidence,
    JSON.stringify(link.sources),
    link.trigger?.originalTrigger ?? null,
    link.trigger?.normalizedTrigger ?? null,
    link.location?.line ?? null,
    link.location?.column ?? null,
    link.location?.offset ?? null,
    json(link.occurrences),
    link.resolvedTarget ?? null,
    link.raw ?? null,
    linkJson,
    '',
  ];
}

/** The diff identity of an issue: analyzer, severity, nodes, suppression target and message. */
export function issueIdentity(issue: Issue): string {
  const target = issue.data?.target;
  return `${issue.analyzerId}\0${issue.severity}\0${issue.nodeIds.join('\u0001')}\0${typeof target === 'string' ? target : ''}\0${issue.message}`;
}

/**
 * The storable form of an issue: `linkIndices` (positions in one scan's link array) become link keys, so an
 * issue row survives links being added or removed elsewhere and is re-indexed against whatever link order
 * a later read returns.
 */
export function issueLinkKeys(issue: Issue, keyOf: (index: number) => string | undefined): string[] | null {
  return issue.linkIndices?.map((i) => keyOf(i) ?? `#missing:${i}`) ?? null;
}

/** The canonical JSON of an issue with its link keys (what `row_hash` covers). */
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
  'link_keys_json',
  'message',
  'detail',
  'fix_json',
  'data_json',
  'data_target',
  'row_hash',
] as const;

/** Maps an issue to its `scan_issues` row. */
export function issueValues(
  issue: Issue,
  key: string,
  linkKeys: string[] | null,
  contentJson: string,
): RowValues {
  const target = issue.data?.['target'];
  return [
    key,
    issue.nodeIds[0] ?? '',
    issue.analyzerId,
    issue.severity,
    JSON.stringify(issue.nodeIds),
    json(linkKeys),
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
  link_keys_json: string | null;
  message: string;
  detail: string | null;
  fix_json: string | null;
  data_json: string | null;
}

/** Rebuilds an issue from its row; `indexOfLink` maps a stored link key to a position in the caller's list. */
export function fromIssueRow(row: IssueRowOut, indexOfLink: (key: string) => number | undefined): Issue {
  const issue: Issue = {
    analyzerId: row.analyzer_id,
    severity: row.severity,
    nodeIds: JSON.parse(row.node_ids_json) as string[],
    message: row.message,
  };
  if (row.link_keys_json !== null) {
    const keys = JSON.parse(row.link_keys_json) as string[];
    issue.linkIndices = keys.map(indexOfLink).filter((i): i is number => i !== undefined);
  }
  if (row.detail !== null) issue.detail = row.detail;
  if (row.fix_json !== null) issue.fix = JSON.parse(row.fix_json) as Record<string, unknown>;
  if (row.data_json !== null) issue.data = JSON.parse(row.data_json) as Record<string, unknown>;
  return issue;
}
