import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { ensureProjectId } from '../adapters/postgres/project-id.js';
import { createPgMapReader } from '../server/read/pg-map-reader.js';
import { createPgScanPort } from '../server/scan/pg-scan-port.js';
import { createOpsLog } from '../adapters/index.js';
import { createEngineScanPort, createSqliteMapReader } from '../server/index.js';
import type { ClosableMapReader, EngineScanPortOptions, ScanPort, ServerLogger } from '../server/index.js';
import { SPEC_VERSION } from '@skill-map/spec';
import { CliError } from './errors.js';
import { CLI_VERSION } from './version-info.js';
import type { CliStream } from './io.js';
import type { VerbContext } from './verbs.js';
import { pluginFlags } from './commands/plugins.js';

/** A server logger writing prefixed lines to the CLI's stderr (never stdout: `sm mcp` speaks there). */
export function createCliLogger(stderr: CliStream, prefix: string, quiet: boolean): ServerLogger {
  const write = (level: string, message: string): void =>
    void stderr.write(`${prefix}: ${level}${message}\n`);
  return {
    info: (m) => {
      if (!quiet) write('', m);
    },
    warn: (m) => write('warning: ', m),
    error: (m, err) => write('error: ', err instanceof Error ? `${m}: ${err.message}` : m),
  };
}

/** The reader and scan engine `sm serve` and `sm mcp` run on; an explicit `--db` that does not exist is not found (exit 5). */
export function createServerPorts(
  ctx: VerbContext,
  onDrift: 'refuse' | 'rebuild',
  onResult?: EngineScanPortOptions['onResult'],
): { reader: ClosableMapReader; scanner: ScanPort } {
  const { root, dbPath, dbExplicit, server } = ctx.project;
  if (server !== undefined) {
    // A shared PostgreSQL database: the project's id is drawn now if this is its first time there (the boot scan
    // stores it).
    const projectId = ensureProjectId(root).id;
    const reader = createPgMapReader({ url: server, projectId, scopeRoot: root });
    const scanner = createPgScanPort({
      projectRoot: root,
      url: server,
      projectId,
      label: basename(root),
      scannedBy: { name: 'skill-map', version: CLI_VERSION, specVersion: SPEC_VERSION },
      plugins: pluginFlags(ctx),
      ...(onResult === undefined ? {} : { onResult }),
    });
    return { reader, scanner };
  }
  if (dbExplicit && !existsSync(dbPath)) {
    throw new CliError('NOT_FOUND', `no database at ${dbPath}`, {
      hint: 'check --db / SKILL_MAP_DB, or run `sm scan` with the same --db first',
    });
  }
  const reader = createSqliteMapReader({ dbPath, scopeRoot: root });
  const scanner = createEngineScanPort({
    projectRoot: root,
    dbPath,
    opsLog: createOpsLog({ projectRoot: root }),
    onDrift,
    scannedBy: { name: 'skill-map', version: CLI_VERSION, specVersion: SPEC_VERSION },
    plugins: pluginFlags(ctx),
    ...(onResult === undefined ? {} : { onResult }),
  });
  return { reader, scanner };
}
