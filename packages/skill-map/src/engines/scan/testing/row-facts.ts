// Test support only: the stored rows of a scan, to compare a scan patched in place with a full scan of a copy.
import { cpSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { createTempTree } from '../../../adapters/testing/temp-tree.js';
import { runScan } from '../scan-engine.js';

/**
 * Every stored row of the scan zone (ids aside), sorted: nodes, links, issues and their members, cache, index, and the
 * scan's counts (nodes, links, issues, and how many issues sidecars suppressed).
 */
export type RowFacts = Record<
  'nodes' | 'links' | 'issues' | 'members' | 'cache' | 'index' | 'counts',
  string[]
>;

export function rowFacts(root: string): RowFacts {
  const db = new Database(`${root}/.skill-map/skill-map.db`, { readonly: true });
  try {
    const all = (sql: string): string[] =>
      (db.prepare(sql).raw().all() as unknown[][]).map((r) => JSON.stringify(r)).sort();
    return {
      nodes: all(
        `SELECT path, record_id, modified_at_ms, links_out_count, links_in_count, links_digest, node_json FROM scan_nodes`,
      ),
      links: all(
        `SELECT source_path, target_path, kind, confidence, resolved_target, extractor, original_trigger,
                normalized_trigger, location_line, location_column, location_offset, raw, shape, extra_json
           FROM scan_links`,
      ),
      issues: all(
        `SELECT group_key, issue_key, row_hash, analyzer_id, severity, message, data_json FROM scan_issues`,
      ),
      members: all(
        `SELECT i.issue_key, n.node_path FROM scan_issue_nodes n JOIN scan_issues i ON i.id = n.issue_id`,
      ),
      cache: all(`SELECT path, size, record_json, mentions FROM scan_file_cache`),
      index: all(`SELECT index_json FROM scan_resolution_json`),
      counts: all(
        `SELECT json_extract(stats_json, '$.nodesCount'), json_extract(stats_json, '$.linksCount'),
                json_extract(stats_json, '$.issuesCount'), json_extract(stats_json, '$.issuesSuppressed')
           FROM scan_meta`,
      ),
    };
  } finally {
    db.close();
  }
}

/** The rows a full scan of a copy of the project at `root` (same files, same mtimes, fresh database) writes. */
export async function fullScanRows(root: string): Promise<RowFacts> {
  const copy = createTempTree('sm-patch-copy-');
  try {
    cpSync(root, copy.root, { recursive: true, preserveTimestamps: true });
    rmSync(`${copy.root}/.skill-map`, { recursive: true, force: true });
    await runScan({ projectRoot: copy.root, racyWindowMs: -60_000 });
    return rowFacts(copy.root);
  } finally {
    copy.remove();
  }
}
