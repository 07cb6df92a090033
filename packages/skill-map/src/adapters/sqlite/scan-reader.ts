import type { Database as Db } from 'better-sqlite3';
import { cached } from './statements.js';
import { emptyScanResult } from '../domain.js';
import type { Issue, Link, Node, ScanResult } from '../domain.js';
import { LINK_SELECT, decodeLink } from './link-codec.js';
import type { LinkRow } from './link-codec.js';
import { fromIssueRow } from './rows.js';
import type { IssueRowOut } from './rows.js';
import { readScanMeta } from './scan-meta.js';

/** A node with its links and issues (the `get_node` / `GET /api/nodes/:path` bundle). */
export interface NodeBundle {
  readonly item: Node;
  readonly links: { readonly incoming: Link[]; readonly outgoing: Link[] };
  readonly issues: Issue[];
}

/** One page of a list plus the total before pagination. */
export interface Page<T> {
  readonly items: T[];
  readonly total: number;
}

/** Default and maximum page sizes of list reads (spec §15.2: default 100, clamp [1, 1000]). */
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

/** Clamps a requested page to [1, 1000] rows (default 100) and a non-negative offset. */
export function clampPage(
  limit: number | undefined,
  offset: number | undefined,
): { limit: number; offset: number } {
  const l =
    limit === undefined || !Number.isFinite(limit)
      ? DEFAULT_PAGE_SIZE
      : Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(limit)));
  const o = offset === undefined || !Number.isFinite(offset) ? 0 : Math.max(0, Math.trunc(offset));
  return { limit: l, offset: o };
}

/** Every link id in ascending order, remembered per connection until the scan zone changes. */
interface LinkIdSnapshot {
  readonly version: string;
  readonly ids: Float64Array;
}

const linkIdSnapshots = new WeakMap<Db, LinkIdSnapshot>();

function sortedLinkIds(db: Db): Float64Array {
  // data_version moves on commits by other connections, the persist generation on this connection's own persists.
  const version = `${cached(db, `PRAGMA data_version`, 'pluck').get() as number}:${cached(db, `SELECT persist_generation FROM scan_meta WHERE id = 1`, 'pluck').get() as number | undefined}`;
  const hit = linkIdSnapshots.get(db);
  if (hit !== undefined && hit.version === version) return hit.ids;
  // A narrow covering index answers this without touching the wide link rows; sorting 50k numbers is cheap.
  const ids = Float64Array.from(cached(db, `SELECT id FROM scan_links`, 'pluck').all() as number[]).sort();
  linkIdSnapshots.set(db, { version, ids });
  return ids;
}

/** Index of `id` in ascending `ids`, or undefined. */
export function positionOf(ids: ArrayLike<number>, id: number): number | undefined {
  let lo = 0;
  let hi = ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = ids[mid] as number;
    if (v === id) return mid;
    if (v < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

/** Issues read row by row resolve their link ids to positions in the full link list (ordered by id). */
export function issuesFromRows(db: Db, rows: IssueRowOut[]): Issue[] {
  if (rows.every((r) => r.link_ids_json === null)) return rows.map((r) => fromIssueRow(r, () => undefined));
  const ids = sortedLinkIds(db);
  return rows.map((r) => fromIssueRow(r, (id) => positionOf(ids, id)));
}

/** Decodes rows of `LINK_SELECT`. */
export function linksFromRows(rows: LinkRow[]): Link[] {
  const out = new Array<Link>(rows.length);
  for (let i = 0; i < rows.length; i += 1) out[i] = decodeLink(rows[i] as LinkRow);
  return out;
}

export const ISSUE_SELECT = `SELECT id, analyzer_id, severity, node_ids_json, link_ids_json, message, detail, fix_json, data_json FROM scan_issues`;

/**
 * Loads the whole persisted ScanResult (nodes ordered by path, links in insertion order, issues by id with
 * `linkIndices` re-pointed at that link order). A database with no scan yet gives the empty shape.
 */
export function loadScan(db: Db, scanCeiling: number): ScanResult {
  const meta = readScanMeta(db);
  if (meta === null) return emptyScanResult(scanCeiling);
  const nodes = (cached(db, `SELECT node_json FROM scan_nodes ORDER BY path`, 'pluck').all() as string[]).map(
    (j) => JSON.parse(j) as Node,
  );
  const rows = cached(db, `SELECT id, ${LINK_SELECT} FROM scan_links ORDER BY id`, 'raw').all() as Array<
    [number, ...LinkRow]
  >;
  const links = new Array<Link>(rows.length);
  const ids = new Float64Array(rows.length);
  for (let i = 0; i < rows.length; i += 1) {
    const r = rows[i] as [number, ...LinkRow];
    ids[i] = r[0];
    links[i] = decodeLink(r, 1);
  }
  const issueRows = cached(db, `${ISSUE_SELECT} ORDER BY id`).all() as IssueRowOut[];
  const issues = issueRows.map((r) => fromIssueRow(r, (id) => positionOf(ids, id)));
  return { ...meta.result, nodes, links, issues };
}

/** One node with its outgoing links, incoming links (by raw or resolved target) and issues; null if unknown. */
export function findNode(db: Db, path: string): NodeBundle | null {
  const json = cached(db, `SELECT node_json FROM scan_nodes WHERE path = ?`, 'pluck').get(path) as
    string | undefined;
  if (json === undefined) return null;
  const outgoing = linksFromRows(
    cached(db, `SELECT ${LINK_SELECT} FROM scan_links WHERE source_path = ? ORDER BY id`, 'raw').all(
      path,
    ) as LinkRow[],
  );
  const incoming = linksFromRows(
    cached(
      db,
      `SELECT ${LINK_SELECT} FROM scan_links WHERE target_path = @p OR resolved_target = @p ORDER BY id`,
      'raw',
    ).all({ p: path }) as LinkRow[],
  );
  const rows = cached(
    db,
    `${ISSUE_SELECT} WHERE id IN (SELECT issue_id FROM scan_issue_nodes WHERE node_path = ?) ORDER BY id`,
  ).all(path) as IssueRowOut[];
  return { item: JSON.parse(json) as Node, links: { incoming, outgoing }, issues: issuesFromRows(db, rows) };
}

/** Filters of `listIssues`; each list is OR-ed within itself, filters AND together. */
export interface IssueQuery {
  readonly severity?: readonly string[];
  /** Matches the stored short id exactly, or as the suffix of a qualified token (`core/reference-broken`). */
  readonly analyzerId?: readonly string[];
  /** Issues that name any of these node paths. */
  readonly node?: readonly string[];
  readonly limit?: number;
  readonly offset?: number;
}

/** `column IN (@name0, @name1...)`, binding each value into `params`. */
export function inList(
  column: string,
  name: string,
  values: readonly string[],
  params: Record<string, unknown>,
): string {
  const names = values.map((v, i) => {
    params[`${name}${i}`] = v;
    return `@${name}${i}`;
  });
  return `${column} IN (${names.join(', ')})`;
}

function analyzerClause(tokens: readonly string[], params: Record<string, unknown>): string {
  return `(${tokens
    .map((t, i) => {
      params[`a${i}`] = t;
      params[`as${i}`] = t.includes('/') ? t.slice(t.lastIndexOf('/') + 1) : t;
      return `analyzer_id = @a${i} OR analyzer_id = @as${i} OR substr(analyzer_id, -length(@a${i}) - 1) = '/' || @a${i}`;
    })
    .join(' OR ')})`;
}

/** Issues filtered, counted and paginated in SQL (ordered by id). */
export function listIssues(db: Db, q: IssueQuery): Page<Issue> {
  const params: Record<string, unknown> = {};
  const where: string[] = [];
  if (q.severity?.length) where.push(inList('severity', 's', q.severity, params));
  if (q.analyzerId?.length) where.push(analyzerClause(q.analyzerId, params));
  if (q.node?.length)
    where.push(
      `id IN (SELECT issue_id FROM scan_issue_nodes WHERE ${inList('node_path', 'n', q.node, params)})`,
    );
  const clause = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  const { limit, offset } = clampPage(q.limit, q.offset);
  const total = cached(db, `SELECT COUNT(*) FROM scan_issues${clause}`, 'pluck').get(params) as number;
  const rows = cached(db, `${ISSUE_SELECT}${clause} ORDER BY id LIMIT @limit OFFSET @offset`).all({
    ...params,
    limit,
    offset,
  }) as IssueRowOut[];
  return { items: issuesFromRows(db, rows), total };
}
