import type { Database as Db } from 'better-sqlite3';
import { cached } from './statements.js';
import type { Link, Node } from '../domain.js';
import { ISSUE_SELECT, clampPage, inList, issuesFromRows, linksFromRows } from './scan-reader.js';
import { LINK_SELECT } from './link-codec.js';
import type { LinkRow } from './link-codec.js';
import type { IssueRowOut } from './rows.js';
import type { Issue } from '../domain.js';
import type { Page } from './scan-reader.js';

/** Filters of `listNodes` (the SQL side of the export grammar, spec §13). */
export interface NodeQuery {
  /** node.kind whitelist, exact and case-sensitive. */
  readonly kind?: readonly string[];
  /** Only nodes named by at least one issue (`has=issues`). */
  readonly hasIssues?: boolean;
  /** Anchored POSIX globs OR-ed together: `**` spans `/`, `*` does not, everything else is literal. */
  readonly pathGlobs?: readonly string[];
  readonly limit?: number;
  readonly offset?: number;
}

/** Compiles the export-grammar glob dialect to an anchored regular expression. */
export function globToRegExp(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i += 1) {
    const ch = glob[i] as string;
    if (ch === '*' && glob[i + 1] === '*') {
      out += '.*';
      i += 1;
    } else if (ch === '*') out += '[^/]*';
    else out += ch.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`, 's');
}

/** The literal prefix of a glob, used as an indexed range before the regex runs. */
function literalPrefix(glob: string): string {
  const star = glob.indexOf('*');
  return star === -1 ? glob : glob.slice(0, star);
}

/** Registers `sm_glob(path, glob)` on a connection (compiled patterns cached per connection). */
export function registerGlobFunction(db: Db): void {
  const cache = new Map<string, RegExp>();
  db.function('sm_glob', { deterministic: true }, (path: unknown, glob: unknown) => {
    if (typeof path !== 'string' || typeof glob !== 'string') return 0;
    let re = cache.get(glob);
    if (re === undefined) {
      re = globToRegExp(glob);
      cache.set(glob, re);
    }
    return re.test(path) ? 1 : 0;
  });
}

function nodeWhere(q: NodeQuery, params: Record<string, unknown>): string {
  const where: string[] = [];
  if (q.kind?.length) where.push(inList('kind', 'k', q.kind, params));
  if (q.hasIssues)
    where.push(`EXISTS (SELECT 1 FROM scan_issue_nodes m WHERE m.node_path = scan_nodes.path)`);
  if (q.pathGlobs?.length) {
    const ors = q.pathGlobs.map((g, i) => {
      const prefix = literalPrefix(g);
      params[`g${i}`] = g;
      params[`p${i}`] = prefix;
      params[`q${i}`] = `${prefix}\u{10FFFF}`;
      return `(path >= @p${i} AND path < @q${i} AND sm_glob(path, @g${i}) = 1)`;
    });
    where.push(`(${ors.join(' OR ')})`);
  }
  return where.length ? ` WHERE ${where.join(' AND ')}` : '';
}

/** Nodes filtered, counted and paginated in SQL, ordered by path. */
export function listNodes(db: Db, q: NodeQuery): Page<Node> {
  const params: Record<string, unknown> = {};
  const clause = nodeWhere(q, params);
  const { limit, offset } = clampPage(q.limit, q.offset);
  const total = cached(db, `SELECT COUNT(*) FROM scan_nodes${clause}`, 'pluck').get(params) as number;
  const rows = cached(
    db,
    `SELECT node_json FROM scan_nodes${clause} ORDER BY path LIMIT @limit OFFSET @offset`,
    'pluck',
  ).all({ ...params, limit, offset }) as string[];
  return { items: rows.map((j) => JSON.parse(j) as Node), total };
}

/** A lightweight projection of every node (the folder tree), without JSON parsing. */
export interface NodeSummary {
  readonly path: string;
  readonly kind: string;
  readonly provider: string;
  readonly title: string | null;
  readonly virtual: boolean;
}

/** Every node as a summary row, ordered by path. */
export function listNodeSummaries(db: Db): NodeSummary[] {
  const rows = cached(
    db,
    `SELECT path, kind, provider, title, virtual FROM scan_nodes ORDER BY path`,
  ).all() as Array<Omit<NodeSummary, 'virtual'> & { virtual: number }>;
  return rows.map((r) => ({ ...r, virtual: r.virtual === 1 }));
}

/** Filters of `listLinks`. */
export interface LinkQuery {
  readonly kind?: readonly string[];
  /** Source node path. */
  readonly from?: string;
  /** Raw or resolved target. */
  readonly to?: string;
  readonly limit?: number;
  readonly offset?: number;
}

/** Links filtered, counted and paginated in SQL, in insertion order. */
export function listLinks(db: Db, q: LinkQuery): Page<Link> {
  const params: Record<string, unknown> = {};
  const where: string[] = [];
  if (q.kind?.length) where.push(inList('kind', 'k', q.kind, params));
  if (q.from !== undefined) {
    params['from'] = q.from;
    where.push(`source_path = @from`);
  }
  if (q.to !== undefined) {
    params['to'] = q.to;
    where.push(`(target_path = @to OR resolved_target = @to)`);
  }
  const clause = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  const { limit, offset } = clampPage(q.limit, q.offset);
  const total = cached(db, `SELECT COUNT(*) FROM scan_links${clause}`, 'pluck').get(params) as number;
  const rows = cached(
    db,
    `SELECT ${LINK_SELECT} FROM scan_links${clause} ORDER BY id LIMIT @limit OFFSET @offset`,
    'raw',
  ).all({ ...params, limit, offset }) as LinkRow[];
  return { items: linksFromRows(rows), total };
}

/** The node kinds the stored scan holds (distinct, sorted): plugin kinds included. */
export function nodeKinds(db: Db): string[] {
  return cached(db, `SELECT DISTINCT kind FROM scan_nodes ORDER BY kind`, 'pluck').all() as string[];
}

/** Every node path, sorted (one indexed column, no JSON). */
export function nodePaths(db: Db): string[] {
  return cached(db, `SELECT path FROM scan_nodes ORDER BY path`, 'pluck').all() as string[];
}

/** The nodes of the given paths, ordered by path (unknown paths are skipped). */
export function nodesByPaths(db: Db, paths: readonly string[]): Node[] {
  const rows = cached(
    db,
    `SELECT node_json FROM scan_nodes WHERE path IN (SELECT value FROM json_each(?)) ORDER BY path`,
    'pluck',
  ).all(JSON.stringify(paths)) as string[];
  return rows.map((j) => JSON.parse(j) as Node);
}

/**
 * Closes a node set over links and issues in SQL: links whose source AND target are in the set (`raw`:
 * the authored target, as `query_graph` does; `resolved`: coalesce(resolvedTarget, target), as the branch
 * projection does), and issues naming any node of the set.
 */
export function closeOver(
  db: Db,
  paths: readonly string[],
  closure: 'raw' | 'resolved',
): { links: Link[]; issues: Issue[] } {
  const set = JSON.stringify(paths);
  const target = closure === 'raw' ? 'target_path' : 'coalesce(resolved_target, target_path)';
  const links = linksFromRows(
    cached(
      db,
      `SELECT ${LINK_SELECT} FROM scan_links WHERE source_path IN (SELECT value FROM json_each(@set))
           AND ${target} IN (SELECT value FROM json_each(@set)) ORDER BY id`,
      'raw',
    ).all({ set }) as LinkRow[],
  );
  const rows = cached(
    db,
    `${ISSUE_SELECT}
       WHERE id IN (SELECT issue_id FROM scan_issue_nodes WHERE node_path IN (SELECT value FROM json_each(@set))) ORDER BY id`,
  ).all({ set }) as IssueRowOut[];
  return { links, issues: issuesFromRows(db, rows) };
}
