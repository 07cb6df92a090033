/**
 * The links a patch's whole-graph checks follow besides invocations and skill resources (adapters/sqlite/patch-reads.ts):
 * MCP tool references, links an `@import` made, links of several extractors or stored verbatim (their sources are in
 * `extra_json`), and path-style links (shape bits: `trigger: null`) whose target may name a folder or a glob. The
 * expression is the partial index's own: a query must repeat it exactly for SQLite to use the index.
 */
export const WHOLE_LINK_FILTER = `(target_path >= 'mcp://' AND target_path < 'mcp:/0') OR extractor = 'core/at-file' OR shape = -1 OR (shape & 4096) <> 0 OR ((shape & 3) = 1 AND (target_path NOT LIKE '%.md' OR target_path GLOB '*[*?[{]*'))`;

/**
 * Migration 004: the reads of a scan patched in place.
 * - `scan_file_cache_stat` covers the stat facts of the per-file cache. Every scan compares each walked file's size and
 *   mtime with its cache row; the rows also hold the kernel's records (most of the table's pages), so reading the stat
 *   facts from the table read every record page.
 * - `scan_links_whole`, a partial index of the few links of `WHOLE_LINK_FILTER`, so that the whole-graph checks of a
 *   patch do not scan the link table.
 * - The resolution index's JSON text moves to `scan_resolution_json`: every persist re-stamps the index's generation,
 *   and updating one column of a row rewrites the whole row (a megabyte of overflow pages at 10,000 nodes).
 */
export const MIGRATION_004_PATCH_READS = `
CREATE INDEX scan_file_cache_stat ON scan_file_cache (path, size, mtime_ms);
CREATE INDEX scan_links_whole ON scan_links (id) WHERE ${WHOLE_LINK_FILTER};
CREATE TABLE scan_resolution_json (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  index_json TEXT NOT NULL
);
INSERT INTO scan_resolution_json (id, index_json) SELECT id, index_json FROM scan_resolution_index;
ALTER TABLE scan_resolution_index DROP COLUMN index_json;
`;
