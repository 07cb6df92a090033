// The lifecycle a suite run once per store needs (test support only): a subject opened for each test (or once for
// the suite), skipped when its store is not available here (`open` answers null: no PostgreSQL), closed after.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { postgresForSuite } from './postgres.js';

/** The stores a suite parameterised by store runs against, as its titles: SQLite always, PostgreSQL when present. */
export const STORES = ['SQLite', 'postgres: PostgreSQL'] as const;
export type StoreName = (typeof STORES)[number];

/** Where a subject on `store` keeps its rows: its own SQLite file, a fresh PostgreSQL database, or nowhere here. */
export type StoreDatabase = { kind: 'sqlite' } | { kind: 'postgres'; url: string } | null;

/**
 * Registers the suite's throwaway PostgreSQL cluster (skipped without PostgreSQL) and answers, for each subject a
 * suite opens, where it keeps its rows: a PostgreSQL one gets a database of its own (`<prefix>_<n>`); null when
 * PostgreSQL is not available here.
 */
export function databasesOn(
  hooks: Parameters<typeof postgresForSuite>[0],
  prefix: string,
): (store: StoreName) => StoreDatabase {
  const cluster = postgresForSuite(hooks);
  let databases = 0;
  return (store) => {
    if (store === 'SQLite') return { kind: 'sqlite' };
    const server = cluster.current();
    return server === null
      ? null
      : { kind: 'postgres', url: server.createDatabase(`${prefix}_${++databases}`) };
  };
}

/** Opens a subject before each test (`use` receives it), skipping the test when `open` answers null. */
export function eachTest<T>(
  open: () => Promise<T | null>,
  use: (subject: T) => void,
  close: (subject: T) => void | Promise<void>,
): void {
  let opened: T | null = null;
  beforeEach(async (ctx) => {
    opened = await open();
    if (opened === null) return ctx.skip();
    use(opened);
  });
  afterEach(async () => {
    if (opened !== null) await close(opened);
    opened = null;
  });
}

/** Opens one subject for the suite (`use` receives it); its tests are skipped when `open` answered null. */
export function eachSuite<T>(
  open: () => Promise<T | null>,
  use: (subject: T) => void | Promise<void>,
  close: (subject: T) => void | Promise<void>,
): void {
  let opened: T | null = null;
  beforeAll(async () => {
    opened = await open();
    if (opened !== null) await use(opened);
  });
  afterAll(async () => {
    if (opened !== null) await close(opened);
  });
  beforeEach((ctx) => {
    if (opened === null) ctx.skip();
  });
}
