/**
 * Migration 005: the lookups of a scan patched in place that used to scan a table.
 * - `scan_issues_group`: a patch reads the stored issues of each node it writes issues for (by their first node, the
 *   group key); a whole-graph check re-run over the graph writes issues on hundreds of nodes.
 * - `scan_file_cache.mentions`: the text of the triggers a file's record holds (`name-patch.ts`, `recordMentions`), and
 *   `scan_file_cache_mentions`, an index that covers it: when a node changes the names it answers to, the files that
 *   may name it are searched there instead of in every record. The cache rows of older builds have no such text, so
 *   the cache is emptied: the first scan after the upgrade analyses every file again and writes it.
 */
export const MIGRATION_005_PATCH_LOOKUPS = `
CREATE INDEX scan_issues_group ON scan_issues (group_key);
DELETE FROM scan_file_cache;
ALTER TABLE scan_file_cache ADD COLUMN mentions TEXT NOT NULL DEFAULT '';
CREATE INDEX scan_file_cache_mentions ON scan_file_cache (path, mentions);
`;
