// Transactions of a PostgreSQL session with held writes, on a real server (a throwaway cluster; skipped without
// one): what a caller sees must be what an unbuffered connection would give, whatever is held when.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPostgres, startPostgres } from '../testing/postgres.js';
import type { TestPostgres } from '../testing/postgres.js';
import { openPgSession } from './pg-session.js';
import type { PgSession } from './pg-session.js';
import { openSyncPg } from './sync-pg.js';

let server: TestPostgres | null = null;
let session: PgSession;
let url = '';
beforeAll(async () => {
  if (!hasPostgres()) return;
  server = await startPostgres();
  url = server!.createDatabase('sessions');
  session = openPgSession(url, 'p');
  session.pg.query('CREATE TABLE t (k TEXT PRIMARY KEY)');
}, 120_000);
afterAll(() => {
  if (server === null) return;
  session.close();
  server.stop();
});

/** The keys stored, as another connection sees them (only what was committed). */
function committed(): string[] {
  const other = openSyncPg(url);
  try {
    return other.query<{ k: string }>('SELECT k FROM t ORDER BY k').rows.map((r) => r.k);
  } finally {
    other.close();
  }
}
const put = (k: string): void => session.pg.write('INSERT INTO t (k) VALUES ($1)', [k]);
const keys = (): string[] =>
  session.pg.query<{ k: string }>('SELECT k FROM t ORDER BY k').rows.map((r) => r.k);

describe.skipIf(!hasPostgres())('postgres: a session with held writes', () => {
  it('commits held writes together, and a reader in the transaction sees them first', () => {
    session.pg.query('DELETE FROM t');
    session.transaction(() => {
      put('a');
      put('b');
      expect(keys()).toEqual(['a', 'b']); // the read flushes what is held, inside the transaction
      expect(committed()).toEqual([]);
      put('c');
    });
    expect(committed()).toEqual(['a', 'b', 'c']);
  });

  it('rolls back a transaction whose writes were never sent, and one whose were', () => {
    session.pg.query('DELETE FROM t');
    expect(() =>
      session.transaction(() => {
        put('never-sent');
        throw new Error('stop');
      }),
    ).toThrow('stop');
    expect(() =>
      session.transaction(() => {
        put('sent');
        keys();
        throw new Error('stop');
      }),
    ).toThrow('stop');
    expect(committed()).toEqual([]);
    expect(keys()).toEqual([]); // the connection is usable, outside any transaction
  });

  it('a held write that fails surfaces at COMMIT and takes the whole transaction with it', () => {
    session.pg.query('DELETE FROM t');
    put('dup');
    expect(() =>
      session.transaction(() => {
        put('fresh');
        put('dup'); // refused by the primary key, but only when sent
      }),
    ).toThrow(/duplicate key/);
    expect(committed()).toEqual(['dup']);
  });

  it('an inner transaction rolled back keeps the outer one, held or sent', () => {
    session.pg.query('DELETE FROM t');
    session.transaction(() => {
      put('outer-held');
      expect(() =>
        session.transaction(() => {
          put('inner-held');
          throw new Error('inner');
        }),
      ).toThrow('inner');
      session.transaction(() => put('second-inner')); // the same savepoint name again
      expect(() =>
        session.transaction(() => {
          put('inner-sent');
          keys();
          throw new Error('inner');
        }),
      ).toThrow('inner');
      put('outer-after');
    });
    expect(committed()).toEqual(['outer-after', 'outer-held', 'second-inner']);
  });
});
