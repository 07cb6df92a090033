// The lifecycle a suite run once per store needs (test support only): a subject opened for each test (or once for
// the suite), skipped when its store is not available here (`open` answers null: no PostgreSQL), closed after.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

/** The stores a suite parameterised by store runs against, as its titles: SQLite always, PostgreSQL when present. */
export const STORES = ['SQLite', 'postgres: PostgreSQL'] as const;
export type StoreName = (typeof STORES)[number];

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
