import { loadConfig } from '../../adapters/index.js';
import { ensureProjectId } from '../../adapters/postgres/project-id.js';
import { withoutPassword } from '../../adapters/postgres/url.js';
import { serverEngineFactory } from '../engine-context.js';
import { runServe } from '../../server/index.js';
import type { ServeOptions } from '../../server/index.js';
import { CliError } from '../errors.js';
import { createCliLogger, createServerPorts } from '../server-deps.js';
import { CLI_VERSION } from '../version-info.js';
import { pluginFlags } from './plugins.js';
import type { OptionValues, VerbContext, VerbResult } from '../verbs.js';

/** `--x` / `--no-x` to true / false / undefined; both at once is a usage error. */
function pair(options: OptionValues, name: string): boolean | undefined {
  const on = options[name] === true;
  const off = options[`no-${name}`] === true;
  if (on && off) throw new CliError('USAGE', `--${name} and --no-${name} exclude each other`);
  return on ? true : off ? false : undefined;
}

function portOf(value: string | boolean | undefined): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value);
  if (!/^\d+$/.test(text) || Number(text) > 65535)
    throw new CliError('USAGE', `--port ${text} is not a port number (0-65535)`);
  return Number(text);
}

/**
 * Unsupported liveness tuning for tests and benchmarks (the contract leaves the ping deadline, the grace window
 * and the sweep cadence untunable pre-v1): `SKILL_MAP_MCP_PING_DEADLINE_MS`, `SKILL_MAP_MCP_GRACE_MS`,
 * `SKILL_MAP_MCP_SWEEP_MS`.
 */
function livenessTuning(
  env: Readonly<Record<string, string | undefined>>,
): ServeOptions['mcpOptions'] | undefined {
  const read = (name: string): number | undefined => {
    const text = env[name];
    return text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined;
  };
  const tuning = {
    pingDeadlineMs: read('SKILL_MAP_MCP_PING_DEADLINE_MS'),
    graceMs: read('SKILL_MAP_MCP_GRACE_MS'),
    sweepIntervalMs: read('SKILL_MAP_MCP_SWEEP_MS'),
  };
  const set = Object.fromEntries(Object.entries(tuning).filter(([, v]) => v !== undefined));
  return Object.keys(set).length === 0 ? undefined : set;
}

/** Maps the flags onto `ServeOptions` (absent flags fall back to the config inside `runServe`). */
export function toServeOptions(
  options: OptionValues,
  quiet: boolean,
  stderr: NodeJS.WritableStream,
  env: Readonly<Record<string, string | undefined>> = {},
): ServeOptions {
  const mcpOptions = livenessTuning(env);
  const port = portOf(options['port']);
  const mcp = pair(options, 'mcp');
  const open = pair(options, 'open');
  return {
    ...(port === undefined ? {} : { port }),
    ...(typeof options['host'] === 'string' ? { host: options['host'] } : {}),
    ...(mcp === undefined ? {} : { mcp }),
    ...(open === undefined ? {} : { open }),
    ...(options['no-watcher'] === true ? { watcher: false } : {}),
    ...(options['no-ui'] === true ? { ui: false } : {}),
    bannerStream: quiet ? null : stderr,
    ...(mcpOptions === undefined ? {} : { mcpOptions }),
  };
}

/** `sm serve`: composes the reader, the scan engine and the config into `runServe`, then waits for shutdown (SIGINT/SIGTERM → exit 0). */
export async function run(ctx: VerbContext): Promise<VerbResult> {
  const options = toServeOptions(
    ctx.options,
    ctx.output.quiet,
    ctx.io.stderr as NodeJS.WritableStream,
    ctx.io.env,
  );
  const { reader, scanner } = createServerPorts(ctx, ctx.options['yes'] === true ? 'rebuild' : 'refuse');
  const config = loadConfig({ projectRoot: ctx.project.root });
  for (const w of config.warnings) ctx.output.warn(`warning: ${w}`);
  try {
    const logger = createCliLogger(ctx.io.stderr, 'sm serve', ctx.output.quiet);
    const running = await runServe(options, {
      scopeRoot: ctx.project.root,
      // What /api/health shows: the file, or the shared database's URL without its password.
      dbPath: ctx.project.server === undefined ? ctx.project.dbPath : withoutPassword(ctx.project.server),
      reader,
      scanner,
      config,
      logger,
      version: CLI_VERSION,
      engines: serverEngineFactory(
        ctx.project.root,
        ctx.project.dbPath,
        ctx.project.server === undefined
          ? undefined
          : { url: ctx.project.server, projectId: ensureProjectId(ctx.project.root).id },
      ),
      plugins: pluginFlags(ctx),
    });
    await running.closed;
  } finally {
    reader.close();
    scanner.close?.();
  }
  return {};
}
