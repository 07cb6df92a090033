// better-sqlite3, loaded with `require`: a CommonJS package with a native addon, which Node's ESM loader takes about
// twice as long to bring in (it translates the CommonJS module first): ~8 ms less start-up for every verb that
// opens the database.
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const load = createRequire(import.meta.url);

export const Database = load('better-sqlite3') as typeof BetterSqlite3;
export const SqliteError = Database.SqliteError;
