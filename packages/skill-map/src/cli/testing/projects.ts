// Test support: small projects written into os.tmpdir() per test.
import Database from 'better-sqlite3';
import { createSpecValidator } from '@skill-map/spec/testing';
import type { SchemaName } from '@skill-map/spec/testing';
export { CLAUDE_PROJECT, CLEAN_PROJECT, tempProject } from '../../engines/testing/projects.js';

/** Sets `PRAGMA user_version` (simulates a database written by a newer skill-map). */
export function bumpUserVersion(dbPath: string, version: number): void {
  const db = new Database(dbPath);
  db.pragma(`user_version = ${version}`);
  db.close();
}

/** Runs one SQL statement against a database file. */
export function execSql(dbPath: string, sql: string): void {
  const db = new Database(dbPath);
  db.exec(sql);
  db.close();
}

const validator = createSpecValidator();

/** Validation errors of each value against a spec schema, prefixed with its index ([] when all are valid). */
export function schemaErrors(schema: SchemaName, values: readonly unknown[]): string[] {
  return values.flatMap((v, i) => {
    const r = validator.validate(schema, v);
    return r.ok ? [] : r.errors.map((e) => `${schema}[${i}] ${e}`);
  });
}
