// What the in-place patch of a scan reads from the store before it writes (persist-patch.ts): the base it is checked
// against, the stored resolution index, and the few lookups a patch that reaches beyond its files needs.
import type { Database as Db } from 'better-sqlite3';
import type { Link, Node } from '../domain.js';
import { decodeLink, LINK_SELECT } from './link-codec.js';
import { WHOLE_LINK_FILTER } from './migrations/004-patch-reads.js';
import { cached } from './statements.js';

/** What a patch is checked against: the stored generation, salt and graph digest, and whether the index is current. */
export interface PatchBase {
  readonly generation: number;
  readonly salt: string | null;
  readonly graphDigest: string | null;
  /** A resolution index was written (or re-stamped) at the current generation. */
  readonly indexCurrent: boolean;
}

export function readPatchBase(db: Db): PatchBase | null {
  const row = cached(
    db,
    `SELECT m.persist_generation, m.row_salt, m.graph_digest,
            EXISTS (SELECT 1 FROM scan_resolution_index r WHERE r.id = 1 AND r.generation = m.persist_generation)
       FROM scan_meta m WHERE m.id = 1`,
    'raw',
  ).get() as [number, string | null, string | null, number] | undefined;
  if (row === undefined) return null;
  return { generation: row[0], salt: row[1], graphDigest: row[2], indexCurrent: row[3] === 1 };
}

/** The stored resolution index (JSON text) when it is current at `generation`. */
export function readResolutionIndex(db: Db, generation: number): string | undefined {
  return cached(
    db,
    `SELECT j.index_json FROM scan_resolution_index r JOIN scan_resolution_json j ON j.id = r.id
      WHERE r.id = 1 AND r.generation = ?`,
    'pluck',
  ).get(generation) as string | undefined;
}

/** The sources of the stored links whose target is `target` (distinct, sorted). */
export function linkSourcesTo(db: Db, target: string): string[] {
  return cached(
    db,
    `SELECT DISTINCT source_path FROM scan_links WHERE target_path = ? ORDER BY source_path`,
    'pluck',
  ).all(target) as string[];
}

/** A LIKE pattern matching `parts` in this order anywhere (`\\` escapes the wildcards). */
const inOrder = (parts: readonly string[]): string =>
  `%${parts.map((p) => p.replace(/[\\%_]/g, (c) => `\\${c}`)).join('%')}%`;

/**
 * Paths of the per-file cache rows whose trigger text (`mentions`) holds one of `needles`: its parts in order (ASCII
 * case folded, as LIKE does), then its pattern. One pass over the covering index `scan_file_cache_mentions`, never
 * over the records.
 */
export function cachedPathsMentioning(
  db: Db,
  needles: ReadonlyArray<{ readonly parts: readonly string[]; readonly pattern: RegExp }>,
): string[] {
  if (needles.length === 0) return [];
  const where = needles.map(() => `mentions LIKE ? ESCAPE '\\'`).join(' OR ');
  const rows = cached(db, `SELECT path, mentions FROM scan_file_cache WHERE ${where}`, 'raw').all(
    ...needles.map((n) => inOrder(n.parts)),
  ) as Array<[string, string]>;
  const out: string[] = [];
  for (const [path, text] of rows) if (needles.some((n) => n.pattern.test(text))) out.push(path);
  return out.sort();
}

/** The persist generation of the stored scan (0 before the first scan). */
export function readGeneration(db: Db): number {
  return (
    (cached(db, `SELECT persist_generation FROM scan_meta WHERE id = 1`, 'pluck').get() as
      number | undefined) ?? 0
  );
}

/** Issues per severity, counted in SQL. */
export function issueSeverityCounts(db: Db): { error: number; warn: number; info: number } {
  const out = { error: 0, warn: 0, info: 0 };
  for (const [severity, n] of cached(
    db,
    `SELECT severity, COUNT(*) FROM scan_issues GROUP BY severity`,
    'raw',
  ).all() as Array<[keyof typeof out, number]>)
    out[severity] = n;
  return out;
}

/** Which stored rows the whole-graph checks of a patch read (the kernel's `WholeGraphWant`). */
export interface WholeRowsWant {
  /** Node kinds read in full (besides every virtual node). */
  readonly fullKinds: readonly string[];
  /** Paths whose links in and out are read (a skill's resources). */
  readonly resources: readonly string[];
  /** Whether the invocations out of agents, commands, skills and workflows are read. */
  readonly invocations: boolean;
  /** Paths read in full besides `fullKinds`. */
  readonly fullPaths?: readonly string[];
}

/**
 * What the whole-graph checks of a patch read of the stored graph (`PatchLookup.wholeGraph`): the full node of every
 * virtual node and of every node of `fullKinds`; and, in id order (each source's links in their order), the links of
 * `WHOLE_LINK_FILTER` (the partial index `scan_links_whole`: `mcp://` targets, `@import`s, multi-source or verbatim
 * links, path-style links that may name a folder), the links resolved to an `mcp://` server, and as asked the
 * invocations out of agents, commands, skills and workflows and the links into or out of `resources`. Indexed reads
 * only: a patch never scans the link table (most of its rows link docs).
 */
export function readWholeGraphRows(db: Db, want: WholeRowsWant): { nodes: Node[]; links: Link[] } {
  const nodes = (
    cached(
      db,
      `SELECT node_json FROM scan_nodes WHERE virtual <> 0 OR kind IN (SELECT value FROM json_each(?))
         OR path IN (SELECT value FROM json_each(?)) ORDER BY path`,
      'pluck',
    ).all(JSON.stringify(want.fullKinds), JSON.stringify(want.fullPaths ?? [])) as string[]
  ).map((j) => JSON.parse(j) as Node);
  const select = `SELECT l.id, ${LINK_SELECT.split(', ')
    .map((c) => `l.${c}`)
    .join(', ')} FROM scan_links l`;
  const rows = new Map<number, unknown[]>();
  const add = (list: unknown[][]): void => {
    for (const r of list) rows.set(r[0] as number, r);
  };
  add(cached(db, `${select} WHERE ${WHOLE_LINK_FILTER}`, 'raw').all() as unknown[][]);
  add(
    cached(
      db,
      `${select} WHERE l.resolved_target >= 'mcp://' AND l.resolved_target < 'mcp:/0'`,
      'raw',
    ).all() as unknown[][],
  );
  if (want.invocations)
    add(
      cached(
        db,
        `${select} JOIN scan_nodes n ON n.path = l.source_path
          WHERE n.kind IN ('agent', 'command', 'skill', 'workflow') AND l.kind = 'invokes'`,
        'raw',
      ).all() as unknown[][],
    );
  const resources = want.resources;
  if (resources.length > 0)
    add(
      cached(
        db,
        `${select} WHERE l.source_path IN (SELECT value FROM json_each(@res))
            OR l.target_path IN (SELECT value FROM json_each(@res))
            OR l.resolved_target IN (SELECT value FROM json_each(@res))`,
        'raw',
      ).all({ res: JSON.stringify(resources) }) as unknown[][],
    );
  const links = [...rows.keys()].sort((a, b) => a - b).map((id) => decodeLink(rows.get(id)!, 1));
  return { nodes, links };
}
