import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  createOpsLog,
  loadConfig,
  parseConfigValue,
  setConfigValue,
  unsetConfigValue,
} from '../../adapters/index.js';
import type { ConfigWriteResult, LoadedConfig, WritableLayer } from '../../adapters/index.js';
import { projectIdOf } from '../../adapters/postgres/project-id.js';
import { CliError } from '../errors.js';
import { displayPath } from '../read-store.js';
import { elapsedMs } from '../verbs.js';
import type { VerbContext, VerbResult } from '../verbs.js';
import { initProject } from './init.js';

const USAGE_HINT = 'usage: sm config list | get <key> | set <key> <value> [--local] | reset <key> [--local]';

/** Plain text for strings, compact JSON for everything else. */
function show(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function load(ctx: VerbContext): LoadedConfig {
  const config = loadConfig({ projectRoot: ctx.project.root });
  for (const w of config.warnings) ctx.output.warn(`warning: ${w}`);
  return config;
}

function list(ctx: VerbContext): void {
  const config = load(ctx);
  const items = config.list();
  if (ctx.output.jsonMode)
    // The effective configuration as one settings document (project-config.schema.json), as the reference prints
    // it; --sources prints ours instead: every key with its value and the layer that supplied it.
    return ctx.output.json(
      ctx.options['sources'] === true
        ? { elapsedMs: elapsedMs(ctx), items }
        : { ...config.merged, schemaVersion: 1 },
    );
  const width = Math.max(0, ...items.map((e) => e.key.length));
  ctx.output.out(
    items
      .map((e) => `${e.key.padEnd(width)}  ${show(e.value)}  ${ctx.output.paint('dim', `(${e.source})`)}`)
      .join('\n'),
  );
}

function get(ctx: VerbContext, key: string): void {
  const config = load(ctx);
  const value = config.get(key);
  const source = config.sourceOf(key) ?? null;
  if (ctx.output.jsonMode)
    return ctx.output.json({ elapsedMs: elapsedMs(ctx), key, value: value ?? null, source });
  if (value === undefined) ctx.output.info(`${key} is not set`);
  else
    ctx.output.out(
      typeof value === 'object' && value !== null ? JSON.stringify(value, null, 2) : show(value),
    );
}

async function write(
  ctx: VerbContext,
  op: 'set' | 'reset',
  key: string,
  text: string | undefined,
): Promise<void> {
  const root = ctx.project.root;
  const fresh = !existsSync(join(root, '.skill-map'));
  const layer: WritableLayer | undefined = ctx.options['local'] === true ? 'project-local' : undefined;
  const target = { projectRoot: root, key, ...(layer === undefined ? {} : { layer }) };
  const value = text === undefined ? undefined : parseConfigValue(text);
  const result: ConfigWriteResult =
    op === 'set' ? setConfigValue({ ...target, value }) : unsetConfigValue(target);
  // The writer created .skill-map/: give it the .gitignore that keeps settings.local.json out of git.
  if (fresh) initProject(root);
  const opsLog = createOpsLog({ projectRoot: root });
  // Spec §11: the key only, never the value.
  opsLog.append({ op: `config.${op}`, target: '*', channel: 'cli', outcome: 'ok', detail: `key=${key}` });
  await opsLog.flush();
  const cancelled = await cascadeDisable(ctx, key);
  const file = displayPath(ctx.io.cwd, result.file);
  if (ctx.output.jsonMode)
    return ctx.output.json({
      elapsedMs: elapsedMs(ctx),
      key,
      ...(op === 'set' ? { value } : {}),
      layer: result.layer,
      file: result.file,
      previous: result.previous ?? null,
      ...(cancelled.length === 0 ? {} : { cancelledJobs: cancelled }),
    });
  if (cancelled.length > 0)
    ctx.output.info(`cancelled ${cancelled.length} queued job(s) of the extension just disabled`);
  ctx.output.summary(
    op === 'set'
      ? `set ${key} = ${show(value)} in ${file} (${result.layer})`
      : `reset ${key} in ${file} (${result.layer})`,
  );
}

/** Disabling an extension cancels its queued jobs (spec §5.5); a database problem never fails the settings write. */
async function cascadeDisable(ctx: VerbContext, key: string): Promise<string[]> {
  if (!key.startsWith('plugins.')) return [];
  // Loaded only for a plugins key: `sm config get` never opens SQLite.
  // A project not yet scanned into a shared database has no queue there.
  if (ctx.project.server !== undefined && projectIdOf(ctx.project.root) === null) return [];
  const { cancelJobsOfDisabled } = await import('../../engines/jobs/index.js');
  const { cliEngineContext } = await import('../engine-context.js');
  const engines = cliEngineContext(ctx);
  try {
    return cancelJobsOfDisabled(engines, key);
  } catch (err) {
    ctx.output.warn(
      `warning: queued jobs of the disabled extension were not cancelled: ${(err as Error).message}`,
    );
    return [];
  } finally {
    await engines.opsLog.flush();
  }
}

function arity(args: readonly string[], n: number): void {
  if (args.length !== n)
    throw new CliError(
      'USAGE',
      `\`sm config ${args[0] ?? ''}\` takes ${n - 1} argument(s), got ${args.length - 1}`,
      { hint: USAGE_HINT },
    );
}

/** `sm config list | get | set | reset`: the layered settings through the adapters' loader and writer. */
export async function run(ctx: VerbContext): Promise<VerbResult> {
  const [sub, key = '', value] = ctx.args;
  switch (sub) {
    case 'list':
      arity(ctx.args, 1);
      list(ctx);
      break;
    case 'get':
      arity(ctx.args, 2);
      get(ctx, key);
      break;
    case 'set':
      arity(ctx.args, 3);
      await write(ctx, 'set', key, value);
      break;
    case 'reset':
      arity(ctx.args, 2);
      await write(ctx, 'reset', key, undefined);
      break;
    default:
      throw new CliError(
        'USAGE',
        sub === undefined ? '`sm config` needs a subcommand' : `unknown config subcommand '${sub}'`,
        { hint: USAGE_HINT },
      );
  }
  return {};
}
