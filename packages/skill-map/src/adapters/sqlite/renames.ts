import type { Database as Db } from 'better-sqlite3';
import { cached } from './statements.js';
import type { Issue, Node } from '../domain.js';

/** The hashes of a node that disappeared, as the rename heuristic needs them. */
export interface VanishedNode {
  readonly path: string;
  readonly bodyHash: string;
  readonly frontmatterHash: string;
  readonly hasFrontmatter: boolean;
  /** A node no file backs (an MCP server a config defines): its vanishing is no deletion. */
  readonly virtual: boolean;
}

/** One state carry-over from a vanished path to a new one. */
export interface RenameMove {
  readonly from: string;
  readonly to: string;
  readonly confidence: 'high' | 'medium';
}

/** The outcome of the rename heuristic: moves to apply and the issues to stamp. */
export interface RenamePlan {
  readonly moves: RenameMove[];
  readonly issues: Issue[];
}

/** State tables keyed by a node path, with the column holding it. */
export const STATE_NODE_COLUMNS: ReadonlyArray<readonly [string, string]> = [
  ['state_jobs', 'node_id'],
  ['state_findings', 'node_id'],
  ['state_summaries', 'node_id'],
  ['state_enrichments', 'node_id'],
  ['state_plugin_kvs', 'node_id'],
  ['state_node_favorites', 'node_path'],
  // The activity capture's last-seen record: a renamed node keeps its runs (node-never-run).
  ['state_activity_seen', 'node_path'],
];

/** True when any `state_*` row references the path (one indexed probe per table). */
export function hasState(db: Db, path: string): boolean {
  const probes = STATE_NODE_COLUMNS.map(([t, c]) => `EXISTS (SELECT 1 FROM ${t} WHERE ${c} = @p)`).join(
    ' OR ',
  );
  const viaExec = `EXISTS (SELECT 1 FROM state_executions WHERE instr(node_ids_json, @q) > 0)`;
  const row = cached(db, `SELECT (${probes} OR ${viaExec}) AS h`).get({
    p: path,
    q: JSON.stringify(path),
  }) as { h: number };
  return row.h === 1;
}

function hasFrontmatter(node: Node): boolean {
  return node.frontmatter !== undefined && Object.keys(node.frontmatter).length > 0;
}

function ambiguous(from: string, candidates: string[], basis: 'body' | 'frontmatter'): Issue {
  return {
    analyzerId: 'auto-rename-ambiguous',
    severity: 'warn',
    nodeIds: [...candidates],
    message: `${from} disappeared and ${candidates.length} new files share its ${basis} hash; its jobs, findings and other state were NOT carried over`,
    data: { from, candidates, basis },
  };
}

/**
 * The rename heuristic of spec §9.2, run only for vanished paths that carry state: exactly one new node
 * with the same body hash → silent move; otherwise exactly one with the same (non-empty) frontmatter hash →
 * move plus an `auto-rename-medium` warning; several candidates → `auto-rename-ambiguous`, nothing moves.
 * A new node is claimed by at most one vanished path.
 */
export function planRenames(vanished: readonly VanishedNode[], added: readonly Node[]): RenamePlan {
  const moves: RenameMove[] = [];
  const issues: Issue[] = [];
  const claimed = new Set<string>();
  const byHash = (pick: (n: Node) => string | null, h: string): string[] =>
    added.filter((n) => !claimed.has(n.path) && pick(n) === h).map((n) => n.path);
  for (const v of vanished) {
    const sameBodyVanished = vanished.filter((o) => o.bodyHash === v.bodyHash).length;
    const body = byHash((n) => n.bodyHash, v.bodyHash);
    if (body.length === 1 && sameBodyVanished === 1) {
      moves.push({ from: v.path, to: body[0] as string, confidence: 'high' });
      claimed.add(body[0] as string);
      continue;
    }
    if (body.length > 0) {
      issues.push(ambiguous(v.path, body, 'body'));
      continue;
    }
    if (!v.hasFrontmatter) continue;
    const fm = byHash((n) => (hasFrontmatter(n) ? n.frontmatterHash : null), v.frontmatterHash);
    if (fm.length === 1) {
      const to = fm[0] as string;
      moves.push({ from: v.path, to, confidence: 'medium' });
      claimed.add(to);
      issues.push({
        analyzerId: 'auto-rename-medium',
        severity: 'warn',
        nodeIds: [to],
        message: `${v.path} looks renamed to ${to} (same frontmatter, different body); its jobs, findings and other state were carried over`,
        data: { from: v.path, to },
      });
    } else if (fm.length > 1) {
      issues.push(ambiguous(v.path, fm, 'frontmatter'));
    }
  }
  return { moves, issues };
}

/**
 * An `orphan` (info) for each path without state that vanished in this scan while no new node carries its body, nor
 * (when it had one) its frontmatter: a deletion, not a move. Shown by the scan that sees it; a vanished path that
 * still has state rows gets its `orphan` from `findOrphans` on every scan instead.
 */
export function deletionIssues(vanished: readonly VanishedNode[], added: readonly Node[]): Issue[] {
  if (vanished.length === 0) return [];
  const bodies = new Set(added.map((n) => n.bodyHash));
  const frontmatters = new Set(added.filter(hasFrontmatter).map((n) => n.frontmatterHash));
  return vanished
    .filter((v) => !v.virtual && !bodies.has(v.bodyHash))
    .filter((v) => !v.hasFrontmatter || !frontmatters.has(v.frontmatterHash))
    .map((v) => v.path)
    .sort()
    .map((path) => ({
      analyzerId: 'orphan',
      severity: 'info' as const,
      nodeIds: [path],
      message: `${path} was deleted: no new file carries its content`,
      data: { path },
    }));
}

/** Moves every `state_*` reference from one path to another (inside the caller's transaction). */
export function applyRenameMove(db: Db, move: RenameMove): void {
  for (const [table, column] of STATE_NODE_COLUMNS) {
    cached(db, `UPDATE OR IGNORE ${table} SET ${column} = ? WHERE ${column} = ?`).run(move.to, move.from);
  }
  const needle = JSON.stringify(move.from);
  const rows = cached(
    db,
    `SELECT id, node_ids_json FROM state_executions WHERE instr(node_ids_json, ?) > 0`,
  ).all(needle) as Array<{ id: string; node_ids_json: string }>;
  const update = cached(db, `UPDATE state_executions SET node_ids_json = ? WHERE id = ?`);
  for (const row of rows) {
    const ids = (JSON.parse(row.node_ids_json) as string[]).map((p) => (p === move.from ? move.to : p));
    update.run(JSON.stringify(ids), row.id);
  }
}
