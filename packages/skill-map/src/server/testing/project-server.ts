import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { runSql } from '../../adapters/testing/store-sql.js';
import { insertFinding, insertFindingInto } from '../../engines/findings/testing/findings-project.js';
import type { FindingSeed } from '../../engines/findings/testing/findings-project.js';
import { createTempTree } from '../../adapters/testing/temp-tree.js';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { loadConfig } from '../../adapters/index.js';
import { createEngineContext } from '../../engines/operable/create-context.js';
import type { ExtensionCatalog } from '../../engines/extensions/types.js';
import { runServe } from '../run-serve.js';
import type { RunningServer } from '../run-serve.js';
import type { ServeOptions } from '../serve-options.js';
import { createSqliteMapReader } from '../read/sqlite-map-reader.js';
import { createEngineScanPort } from '../scan/engine-scan-port.js';
import { ensureProjectId } from '../../adapters/postgres/project-id.js';
import { databasesOn } from '../../adapters/testing/per-store.js';
import type { StoreName } from '../../adapters/testing/per-store.js';
import { createPgMapReader } from '../read/pg-map-reader.js';
import { createPgScanPort } from '../scan/pg-scan-port.js';
import { createMemoryLogger } from './test-server.js';

/** A small Claude-layout project: skills, an agent, a command, docs, one broken link. */
export const PROJECT_FILES: Record<string, string> = {
  '.claude/skills/lint/SKILL.md':
    '---\nname: lint\ndescription: Lints the code base.\n---\n# Lint\nRun the linter. See [the guide](../../../docs/guide.md).\n',
  '.claude/skills/test/SKILL.md':
    '---\nname: test\ndescription: Runs the tests.\n---\n# Test\nUse /deploy after tests pass.\n',
  '.claude/agents/reviewer.md':
    '---\nname: reviewer\ndescription: Reviews changes.\n---\nUse the lint skill: [lint](../skills/lint/SKILL.md).\n',
  '.claude/commands/deploy.md':
    '---\ndescription: Deploys.\n---\nDeploy. Read [missing](../../docs/missing.md).\n',
  'docs/guide.md': '# Guide\nThe guide. Back to [readme](../README.md).\n',
  'README.md': '# Project\nStart with [the guide](docs/guide.md).\n',
};

/** A temp project scanned by the real engine into a real SQLite file, served by `runServe`. */
export interface ProjectServer {
  tree: TempTree;
  running: RunningServer;
  logger: ReturnType<typeof createMemoryLogger>;
  dbPath: string;
  /** Runs raw SQL (`?` placeholders) on the project's database, SQLite or PostgreSQL; the rows a query answers. */
  sql(text: string, ...args: unknown[]): Array<Record<string, unknown>>;
  /** The PostgreSQL database the project is served from (null: its SQLite file, `dbPath`). */
  server: { url: string; projectId: string } | null;
  /** Inserts a finding row into the project's database (engines/findings/testing); its id. */
  insertFinding(seed: FindingSeed): number;
  stop(): Promise<void>;
}

/** Writes the project, runs a first persisted scan, and serves it on 127.0.0.1 port 0. */
export async function startProjectServer(
  options: ServeOptions & {
    files?: Record<string, string>;
    prepare?: (root: string) => void;
    /** The probabilistic extensions the engines see (default: the built-ins). */
    extensions?: ExtensionCatalog;
    /** Serve the project from this PostgreSQL database (as `sm serve --db postgres://…` does), not a SQLite file. */
    postgres?: string;
  } = {},
): Promise<ProjectServer> {
  const tree = createTempTree('sm-serve-');
  tree.write(options.files ?? PROJECT_FILES);
  options.prepare?.(tree.root);
  const { files: _files, prepare: _prepare, extensions, postgres, ...serveOptions } = options;
  const server =
    postgres === undefined ? undefined : { url: postgres, projectId: ensureProjectId(tree.root).id };
  const dbPath = server?.url ?? join(tree.root, '.skill-map', 'skill-map.db');
  const logger = createMemoryLogger();
  const { scanner, reader } =
    server === undefined
      ? {
          scanner: createEngineScanPort({ projectRoot: tree.root, dbPath }),
          reader: createSqliteMapReader({ dbPath, scopeRoot: tree.root, logger }),
        }
      : {
          scanner: createPgScanPort({ projectRoot: tree.root, ...server, label: 'test' }),
          reader: createPgMapReader({ ...server, scopeRoot: tree.root }),
        };
  await scanner.scanAndPersist({ mode: 'full' });
  const running = await runServe(
    {
      port: 0,
      host: '127.0.0.1',
      mcp: true,
      open: false,
      handleSignals: false,
      bannerStream: null,
      watcher: false,
      ...serveOptions,
    },
    {
      scopeRoot: tree.root,
      dbPath,
      reader,
      config: loadConfig({ projectRoot: tree.root }),
      scanner,
      logger,
      version: '9.9.9-test',
      engines: (channel, events) =>
        createEngineContext({
          scopeRoot: tree.root,
          dbPath: server === undefined ? dbPath : '',
          channel,
          events,
          ...(server === undefined ? {} : { server }),
          ...(extensions === undefined ? {} : { extensions }),
        }),
    },
  );
  await running.bootScan; // a test's own scan request never races the boot scan (409 scan-busy)
  return {
    tree,
    running,
    logger,
    dbPath,
    server: server ?? null,
    sql: (text, ...args) =>
      runSql(
        server === undefined ? { kind: 'sqlite', path: dbPath } : { kind: 'postgres', url: server.url },
        text,
        ...args,
      ),
    insertFinding: (seed) =>
      server === undefined
        ? insertFinding(dbPath, seed)
        : insertFindingInto({ kind: 'postgres', url: server.url }, seed, server.projectId),
    async stop() {
      await running.close();
      reader.close();
      scanner.close?.();
      tree.remove();
    },
  };
}

/**
 * A suite's project-server starter over each store: registers the suite's throwaway PostgreSQL cluster and starts a
 * server on the named store, each PostgreSQL one on a database of its own; null when PostgreSQL is not available.
 */
export function projectServersOn(hooks: Parameters<typeof databasesOn>[0]) {
  const database = databasesOn(hooks, 'serve');
  return async (
    store: StoreName,
    options: Parameters<typeof startProjectServer>[0] = {},
  ): Promise<ProjectServer | null> => {
    const db = database(store);
    if (db === null) return null;
    return startProjectServer(db.kind === 'postgres' ? { ...options, postgres: db.url } : options);
  };
}

/** An official SDK (v1) client connected to the server's `/mcp` endpoint. */
export async function mcpClient(ps: ProjectServer, name: string): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(ps.running.mcpUrl ?? '')));
  return client;
}
