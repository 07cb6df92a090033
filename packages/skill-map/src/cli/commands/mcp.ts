import { Writable } from 'node:stream';
import { loadConfig } from '../../adapters/index.js';
import { resolveMcpEnabled, runMcpStdio } from '../../server/index.js';
import { CliError } from '../errors.js';
import { serverEngineFactory } from '../engine-context.js';
import { createCliLogger, createServerPorts } from '../server-deps.js';
import { CLI_VERSION } from '../version-info.js';
import type { VerbContext, VerbResult } from '../verbs.js';

/**
 * `sm mcp`: the MCP tools and resources over stdio for a host that spawns the process. It honours the same
 * opt-in as `/mcp` (`mcp.server.enabled`, project-local): when off it refuses before opening anything (exit 2),
 * naming the setting. At start it scans the project (incrementally) so the first request sees the current map.
 * Only protocol goes to stdout; it ends when the host closes stdin.
 */
export async function run(ctx: VerbContext): Promise<VerbResult> {
  const config = loadConfig({ projectRoot: ctx.project.root });
  if (!resolveMcpEnabled(undefined, config))
    throw new CliError('REFUSED', `the MCP server is off for this project (mcp.server.enabled is not true)`, {
      hint: 'turn it on with `sm config set mcp.server.enabled true` (project-local, never committed)',
    });
  for (const w of config.warnings) ctx.output.warn(`warning: ${w}`);
  const { reader, scanner } = createServerPorts(ctx, 'refuse');
  try {
    const stdout = ctx.io.stdout instanceof Writable ? ctx.io.stdout : undefined;
    const running = runMcpStdio(
      {
        reader,
        scanner,
        scopeRoot: ctx.project.root,
        logger: createCliLogger(ctx.io.stderr, 'sm mcp', ctx.output.quiet),
        version: CLI_VERSION,
        engines: serverEngineFactory(ctx.project.root, ctx.project.dbPath),
        stdin: ctx.io.stdin,
        ...(stdout === undefined ? {} : { stdout }),
      },
      { watch: ctx.options['no-watch'] !== true },
    );
    await running.closed;
  } finally {
    reader.close();
    scanner.close?.();
  }
  return {};
}
