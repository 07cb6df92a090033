// The scan zone of one project on PostgreSQL: the last scan's nodes, links and issues, each row keeping its
// whole JSON (an exact round trip) beside the columns queries filter on. A persist replaces the project's rows in
// one transaction, one statement per table (arrays unnested server-side), so a reader on another connection sees
// the previous scan or the new one, never a mix; other projects' rows are never touched.
import type { Issue, Link, Node, ScanResult } from '../domain.js';
import type { PgSession } from './pg-session.js';

/** What a persist wrote. */
export interface PgPersistReport {
  nodes: number;
  links: number;
  issues: number;
  /** The stored scan's key after this persist (what scanKey answers until the next change). */
  generation: string;
}

/** One project's scan zone. */
export interface PgScanZone {
  /** Replaces the project's stored scan with `result`; `label` names the project in `sm org` listings. */
  persistScan(result: ScanResult, label: string): PgPersistReport;
  /** The stored scan (an empty one before the first persist). */
  loadScan(): ScanResult | null;
  counts(): { nodes: number; links: number; issues: number };
  /** Changes whenever the stored scan may have (a persist, an annotations refresh, a suppression); null before any. */
  scanKey(): string | null;
}

/** Marks the project's stored scan changed (scanKey moves), inside the caller's statement list. */
export const BUMP_GENERATION = 'UPDATE sm_projects SET generation = generation + 1 WHERE project_id = $1';

/** The name a node is searched by: its frontmatter `name`, else its folder (SKILL.md) or file name, else its server. */
export function searchName(node: Node): string {
  const named = node.frontmatter?.['name'];
  if (typeof named === 'string' && named.trim() !== '') return named.trim();
  if (node.path.startsWith('mcp://')) return node.path.slice('mcp://'.length);
  const parts = node.path.split('/');
  const file = parts.at(-1) ?? node.path;
  if (/^skill\.md$/i.test(file) && parts.length > 1) return parts.at(-2) ?? file;
  return file.replace(/\.(md|mdc|toml|json|ya?ml)$/i, '');
}

/** The scan minus its rows: what scan_meta keeps. */
function metaOf(result: ScanResult): Omit<ScanResult, 'nodes' | 'links' | 'issues'> {
  const { nodes: _n, links: _l, issues: _i, ...meta } = result;
  return meta;
}

export function createPgScanZone(session: PgSession): PgScanZone {
  const { pg, projectId: p } = session;
  return {
    persistScan(result, label) {
      const nodes = result.nodes;
      const links = result.links;
      const issues = result.issues;
      const answers = session.transaction(() =>
        pg.batch([
          { sql: 'DELETE FROM scan_nodes WHERE project_id = $1', params: [p] },
          { sql: 'DELETE FROM scan_links WHERE project_id = $1', params: [p] },
          { sql: 'DELETE FROM scan_issues WHERE project_id = $1', params: [p] },
          {
            sql: `INSERT INTO scan_nodes (project_id, path, ord, kind, provider, name, body_hash, node_json)
              SELECT $1, * FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])`,
            params: [
              p,
              nodes.map((n) => n.path),
              nodes.map((_, i) => i),
              nodes.map((n) => n.kind),
              nodes.map((n) => n.provider),
              nodes.map(searchName),
              nodes.map((n) => n.bodyHash),
              nodes.map((n) => JSON.stringify(n)),
            ],
          },
          {
            sql: `INSERT INTO scan_links (project_id, ord, source, target, kind, link_json)
              SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[])`,
            params: [
              p,
              links.map((_, i) => i),
              links.map((l) => l.source),
              links.map((l) => l.resolvedTarget ?? l.target),
              links.map((l) => l.kind),
              links.map((l) => JSON.stringify(l)),
            ],
          },
          {
            // node_ids as one JSON array per issue, turned into text[] server-side (unnest flattens arrays of arrays).
            sql: `INSERT INTO scan_issues (project_id, ord, analyzer_id, severity, node_ids, issue_json)
              SELECT $1, o, a, s, ARRAY(SELECT jsonb_array_elements_text(n::jsonb)), j
              FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[]) AS t(o, a, s, n, j)`,
            params: [
              p,
              issues.map((_, i) => i),
              issues.map((i) => i.analyzerId),
              issues.map((i) => i.severity),
              issues.map((i) => JSON.stringify(i.nodeIds)),
              issues.map((i) => JSON.stringify(i)),
            ],
          },
          {
            sql: `INSERT INTO scan_meta (project_id, scan_json) VALUES ($1, $2)
              ON CONFLICT (project_id) DO UPDATE SET scan_json = excluded.scan_json`,
            params: [p, JSON.stringify(metaOf(result))],
          },
          {
            sql: `INSERT INTO sm_projects (project_id, label, scanned_at, updated_at) VALUES ($1, $2, $3, $4)
              ON CONFLICT (project_id) DO UPDATE SET label = excluded.label, scanned_at = excluded.scanned_at,
              updated_at = excluded.updated_at, generation = sm_projects.generation + 1 RETURNING generation`,
            params: [p, label, result.scannedAt, Date.now()],
          },
        ]),
      );
      const stored = answers.at(-1)?.rows[0]?.['generation'];
      const generation = typeof stored === 'number' || typeof stored === 'string' ? String(stored) : '';
      return { nodes: nodes.length, links: links.length, issues: issues.length, generation };
    },
    loadScan() {
      const [meta, nodes, links, issues] = pg.batch([
        { sql: 'SELECT scan_json FROM scan_meta WHERE project_id = $1', params: [p] },
        { sql: 'SELECT node_json FROM scan_nodes WHERE project_id = $1 ORDER BY ord', params: [p] },
        { sql: 'SELECT link_json FROM scan_links WHERE project_id = $1 ORDER BY ord', params: [p] },
        { sql: 'SELECT issue_json FROM scan_issues WHERE project_id = $1 ORDER BY ord', params: [p] },
      ]);
      const stored = meta?.rows[0]?.['scan_json'];
      if (typeof stored !== 'string') return null;
      const parse = <T>(rows: Record<string, unknown>[] | undefined, column: string): T[] =>
        (rows ?? []).map((r) => JSON.parse(r[column] as string) as T);
      return {
        ...(JSON.parse(stored) as Omit<ScanResult, 'nodes' | 'links' | 'issues'>),
        nodes: parse<Node>(nodes?.rows, 'node_json'),
        links: parse<Link>(links?.rows, 'link_json'),
        issues: parse<Issue>(issues?.rows, 'issue_json'),
      };
    },
    scanKey() {
      const row = pg.query<{ generation: number }>(
        'SELECT generation FROM sm_projects WHERE project_id = $1',
        [p],
      ).rows[0];
      return row === undefined ? null : String(row.generation);
    },
    counts() {
      const row = pg.query<{ nodes: number; links: number; issues: number }>(
        `SELECT (SELECT COUNT(*)::int FROM scan_nodes WHERE project_id = $1) AS nodes,
          (SELECT COUNT(*)::int FROM scan_links WHERE project_id = $1) AS links,
          (SELECT COUNT(*)::int FROM scan_issues WHERE project_id = $1) AS issues`,
        [p],
      ).rows[0];
      return row ?? { nodes: 0, links: 0, issues: 0 };
    },
  };
}
