import { hash } from 'node:crypto';
import type { Issue, Link, Node } from '../domain.js';

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

/** The bound parameters of one `scan_nodes` row. */
export type NodeRow = Record<string, string | number | null>;

/** Maps a node to its `scan_nodes` row; `nodeJson` is its canonical serialisation. */
export function toNodeRow(node: Node, nodeJson: string, scannedAt: number): NodeRow {
  const fm = node.frontmatter ?? {};
  const annotations = node.sidecar?.annotations ?? null;
  return {
    path: node.path,
    kind: node.kind,
    provider: node.provider,
    title: str(fm['title']) ?? str(fm['name']),
    description: str(fm['description']),
    stability: str(annotations?.['stability']) ?? str(fm['stability']),
    version: intOrNull(annotations?.['version']) ?? intOrNull(fm['version']),
    frontmatter_json: json(node.frontmatter),
    body_hash: node.bodyHash,
    frontmatter_hash: node.frontmatterHash,
    bytes_frontmatter: node.bytes.frontmatter,
    bytes_body: node.bytes.body,
    bytes_total: node.bytes.total,
    tokens_frontmatter: node.tokens?.frontmatter ?? null,
    tokens_body: node.tokens?.body ?? null,
    tokens_total: node.tokens?.total ?? null,
    links_out_count: node.linksOutCount,
    links_in_count: node.linksInCount,
    external_refs_count: node.externalRefsCount,
    external_refs_json: json(node.externalRefs),
    scanned_at: scannedAt,
    modified_at_ms: node.modifiedAtMs === undefined || node.modifiedAtMs === null ? null : Math.trunc(node.modifiedAtMs),
    virtual: int(node.virtual),
    derived_from_json: json(node.derivedFrom),
    sidecar_present: int(node.sidecar?.present),
    sidecar_status: node.sidecar?.status ?? null,
    annotations_json: json(annotations),
    sidecar_root_json: json(node.sidecar?.root),
    node_json: nodeJson,
    row_hash: rowHash(nodeJson),
  };
}

/** The diff identity of a link: the kernel's dedupe tuple (source, target, kind, normalized trigger). */
export function linkIdentity(link: Link): string {
  return `${link.source}\0${link.target}\0${link.kind}\0${link.trigger?.normalizedTrigger ?? ''}`;
}

/** Maps a link to its `scan_links` row. */
export function toLinkRow(link: Link, key: string, linkJson: string): Record<string, string | number | null> {
  return {
    link_key: key,
    source_path: link.source,
    target_path: link.target,
    kind: link.kind,
    confidence: link.confidence,
    sources_json: JSON.stringify(link.sources),
    original_trigger: link.trigger?.originalTrigger ?? null,
    normalized_trigger: link.trigger?.normalizedTrigger ?? null,
    location_line: link.location?.line ?? null,
    location_column: link.location?.column ?? null,
    location_offset: link.location?.offset ?? null,
    occurrences_json: json(link.occurrences),
    resolved_target: link.resolvedTarget ?? null,
    raw: link.raw ?? null,
    link_json: linkJson,
    row_hash: rowHash(linkJson),
  };
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
export function issueLinkKeys(issue: Issue, linkKeys: readonly string[]): string[] | null {
  return issue.linkIndices?.map((i) => linkKeys[i] ?? `#missing:${i}`) ?? null;
}

/** The canonical JSON of an issue with its link keys (what `row_hash` covers). */
export function issueContentJson(issue: Issue, keys: string[] | null): string {
  const { linkIndices: _drop, ...rest } = issue;
  return JSON.stringify({ ...rest, linkKeys: keys });
}

/** Maps an issue to its `scan_issues` row. */
export function toIssueRow(issue: Issue, key: string, linkKeys: string[] | null, contentJson: string): Record<string, string | number | null> {
  const target = issue.data?.['target'];
  return {
    issue_key: key,
    group_key: issue.nodeIds[0] ?? '',
    analyzer_id: issue.analyzerId,
    severity: issue.severity,
    node_ids_json: JSON.stringify(issue.nodeIds),
    link_keys_json: json(linkKeys),
    message: issue.message,
    detail: issue.detail ?? null,
    fix_json: json(issue.fix),
    data_json: json(issue.data),
    data_target: typeof target === 'string' ? target : null,
    row_hash: rowHash(contentJson),
  };
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
