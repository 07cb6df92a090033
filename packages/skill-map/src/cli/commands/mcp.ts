import { Writable } from 'node:stream';
import { runMcpStdio } from '../../server/index.js';
import { serverEngineFactory } from '../engine-context.js';
import { createCliLogger, createServerPorts } from '../server-deps.js';
import { CLI_VERSION } from '../version-info.js';
import type { VerbContext, VerbResult } from '../verbs.js';

/**
 * `sm mcp`: the MCP tools and resources over stdio for a host that spawns the process. Running it IS the
 * opt-in (no `mcp.server.enabled` check). Only protocol goes to stdout; it ends when the host closes stdin.
 */
export async function run(ctx: VerbContext): Promise<VerbResult> {
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
