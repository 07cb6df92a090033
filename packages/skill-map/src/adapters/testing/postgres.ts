// A throwaway PostgreSQL cluster for the suites that run against a real server: initdb into a temporary folder,
// started on a free loopback port (and a socket folder of its own), stopped and removed by `stop`. As root the
// cluster runs as the `postgres` system user (the server refuses to run as root). Binaries come from PATH or
// Debian's /usr/lib/postgresql/<version>/bin; without them (or, as root, without a `postgres` user to run them)
// `hasPostgres()` is false, the suites (titled `postgres: …`) are skipped and scripts/test.mjs says so in one line.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A running throwaway cluster. */
export interface TestPostgres {
  /** `postgres://sm@127.0.0.1:<port>/postgres` (trust authentication on loopback only). */
  readonly url: string;
  /** A URL for `database` on this cluster. */
  urlOf(database: string): string;
  /** Creates a fresh database and answers its URL. */
  createDatabase(name: string): string;
  /** Stops the server at once and removes its folder. */
  stop(): void;
}

/** The folder holding initdb and pg_ctl, or null when PostgreSQL is not installed. */
export function postgresBinDir(): string | null {
  // Debian links initdb and pg_ctl onto PATH, not createdb: the folder is the one the link points into.
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (onPath !== '' && existsSync(onPath)) {
    const dir = dirname(realpathSync(onPath));
    if (['pg_ctl', 'createdb'].every((b) => existsSync(join(dir, b)))) return dir;
  }
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? null : join(base, versions[0], 'bin');
}

/** The uid and gid of the `postgres` system user, or null when there is none. */
function postgresUser(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

const asRoot = (): boolean => process.getuid?.() === 0;

/** Whether a throwaway cluster can be started here (the binaries, and as root a user to run them as). */
export function hasPostgres(): boolean {
  return postgresBinDir() !== null && (!asRoot() || postgresUser() !== null);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A cluster for one suite: started in `beforeAll` when PostgreSQL is here, stopped in `afterAll`; `current()` is
 * null without one (the suite's tests skip). Pass vitest's hooks.
 */
export function postgresForSuite(hooks: {
  beforeAll: (fn: () => Promise<void>, timeout?: number) => void;
  afterAll: (fn: () => void) => void;
}): { current(): TestPostgres | null } {
  let server: TestPostgres | null = null;
  hooks.beforeAll(async () => {
    if (hasPostgres()) server = await startPostgres();
  }, 120_000);
  hooks.afterAll(() => server?.stop());
  return { current: () => server };
}

/** Starts a cluster; null when one cannot be started here (see hasPostgres). */
export async function startPostgres(): Promise<TestPostgres | null> {
  const bin = postgresBinDir();
  const user = asRoot() ? postgresUser() : null;
  if (bin === null || (asRoot() && user === null)) return null;
  const root = mkdtempSync(join(tmpdir(), 'sm-pg-'));
  const data = join(root, 'data');
  const run = (cmd: string, args: string[]): void => {
    const [file, argv] =
      user !== null ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]] : [join(bin, cmd), args];
    execFileSync(file, argv, { stdio: ['ignore', 'ignore', 'pipe'], cwd: root });
  };
  try {
    if (user !== null) chownSync(root, user.uid, user.gid);
    run('initdb', ['-D', data, '-U', 'sm', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    const port = await freePort();
    const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
    run('pg_ctl', ['-D', data, '-o', options, '-l', join(root, 'server.log'), '-w', '-t', '60', 'start']);
    const urlOf = (database: string): string => `postgres://sm@127.0.0.1:${port}/${database}`;
    let stopped = false;
    return {
      url: urlOf('postgres'),
      urlOf,
      createDatabase(name) {
        execFileSync(join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'sm', name]);
        return urlOf(name);
      },
      stop() {
        if (stopped) return;
        stopped = true;
        try {
          run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
        } finally {
          rmSync(root, { recursive: true, force: true });
        }
      },
    };
  } catch (err) {
    rmSync(root, { recursive: true, force: true });
    const stderr = (err as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`could not start a throwaway PostgreSQL: ${(err as Error).message}\n${stderr}`, {
      cause: err,
    });
  }
}
