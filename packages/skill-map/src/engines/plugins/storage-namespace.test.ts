import { describe, expect, it } from 'vitest';
import { namespaceProblems, storagePrefix } from './storage-namespace.js';

describe("a plugin migration's namespace", () => {
  const prefix = storagePrefix('rule-book');
  it('is plugin_<id with - as _>_', () => {
    expect(prefix).toBe('plugin_rule_book_');
  });
  it('accepts objects, indexes on them and writes to them inside the namespace (comments ignored)', () => {
    const sql = `-- CREATE TABLE state_nodes (x);
      CREATE TABLE IF NOT EXISTS plugin_rule_book_rules (id INTEGER PRIMARY KEY, note TEXT);
      /* DROP TABLE state_scan_nodes; */
      CREATE INDEX plugin_rule_book_rules_note ON plugin_rule_book_rules (note);
      INSERT INTO plugin_rule_book_rules (note) VALUES ('a');
      ALTER TABLE "plugin_rule_book_rules" ADD COLUMN extra TEXT;`;
    expect(namespaceProblems(sql, prefix)).toEqual([]);
  });
  it('names what reaches outside: another table, a kernel table, an index on one, a statement plugins may not run', () => {
    const sql = `CREATE TABLE rules (id INTEGER);
      CREATE INDEX plugin_rule_book_ix ON state_scan_nodes (path);
      DELETE FROM state_jobs;
      DROP TABLE IF EXISTS main.state_nodes;
      ATTACH DATABASE 'x.db' AS x;`;
    expect(namespaceProblems(sql, prefix)).toEqual([
      'creates table rules',
      'creates index plugin_rule_book_ix on state_scan_nodes',
      'writes delete state_jobs',
      'changes table state_nodes',
      "'ATTACH DATABASE 'x.db' ...' is not a statement a plugin migration may run",
    ]);
  });
});
