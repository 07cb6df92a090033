// `sm db reset | backup | restore | dump | migrate`: the database file, with the reference's dry-run contract (nothing
// written, nothing created) and confirmation of the destructive forms unless --yes/--force.
import { existsSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  applyPluginMigrations,
  backupDatabase,
  dumpSql,
  migrationStatus,
  openDatabase,
  resetZones,
  restoreDatabase,
  validateDbFile,
  zoneRows,
} from '../../adapters/index.js';
import type { DbZone, TableRows } from '../../adapters/index.js';
import { pluginMigrationPlan } from '../../engines/index.js';
import { confirmDestructive } from '../consent-prompt.js';
import { CliError } from '../errors.js';
import { displayPath, requireDbPath } from '../read-store.js';
import { elapsedMs } from '../verbs.js';
import type { VerbContext, VerbResult } from '../verbs.js';
import { pluginFlags } from './plugins.js';

const USAGE_HINT =
  'usage: sm db reset [--state | --hard] [-n] [--yes] | backup [--out <path>] | restore <path> [-n] [--yes] | dump [--tables <t,...>] | migrate [--status | -n]';

const dryRun = (ctx: VerbContext): boolean => ctx.options['dry-run'] === true;
const where = (ctx: VerbContext, path: string): string => displayPath(ctx.io.cwd, path);

function arity(ctx: VerbContext, n: number): void {
  if (ctx.args.length !== n)
    throw new CliError(
      'USAGE',
      `\`sm db ${ctx.args[0] ?? ''}\` takes ${n - 1} argument(s), got ${ctx.args.length - 1}`,
      {
        hint: USAGE_HINT,
      },
    );
}

function rowsTable(ctx: VerbContext, rows: readonly TableRows[], verb: string): string {
  const lines = rows.filter((r) => r.rows > 0).map((r) => `  ${r.table.padEnd(28)} ${r.rows}`);
  const total = rows.reduce((s, r) => s + r.rows, 0);
  return [
    `${verb} ${total} row(s) of ${rows.length} table(s) in ${where(ctx, ctx.project.dbPath)}`,
    ...lines,
  ].join('\n');
}

async function reset(ctx: VerbContext): Promise<void> {
  arity(ctx, 1);
  if (ctx.options['state'] === true && ctx.options['hard'] === true)
    throw new CliError('USAGE', '--state and --hard exclude each other', { hint: USAGE_HINT });
  const dbPath = requireDbPath(ctx);
  const dry = dryRun(ctx);
  const base = { dryRun: dry, dbPath };
  if (ctx.options['hard'] === true) {
    const bytes = statSync(dbPath).size;
    if (!dry) {
      await confirmDestructive(ctx, `Delete the database ${where(ctx, dbPath)} (${bytes} bytes)?`);
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${dbPath}${suffix}`, { force: true });
    }
    if (ctx.output.jsonMode)
      ctx.output.json({
        elapsedMs: elapsedMs(ctx),
        ...base,
        mode: 'hard',
        tables: [],
        file: { path: dbPath, bytes },
      });
    else ctx.output.summary(`${dry ? 'would delete' : 'deleted'} ${where(ctx, dbPath)} (${bytes} bytes)`);
    return;
  }
  const state = ctx.options['state'] === true;
  const zones: DbZone[] = state ? ['scan', 'state'] : ['scan'];
  let tables: TableRows[];
  if (dry) tables = zoneRows(dbPath, zones);
  else {
    if (state)
      await confirmDestructive(
        ctx,
        `Delete every scan and state row (jobs, findings, history) of ${where(ctx, dbPath)}?`,
      );
    tables = resetZones(dbPath, zones);
  }
  if (ctx.output.jsonMode)
    ctx.output.json({
      elapsedMs: elapsedMs(ctx),
      ...base,
      mode: state ? 'state' : 'scan',
      tables,
      file: null,
    });
  else ctx.output.summary(rowsTable(ctx, tables, dry ? 'would delete' : 'deleted'));
}

function backup(ctx: VerbContext): void {
  arity(ctx, 1);
  const dbPath = requireDbPath(ctx);
  const outFlag = ctx.options['out'];
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = typeof outFlag === 'string' ? resolve(ctx.io.cwd, outFlag) : `${dbPath}.backup-${stamp}`;
  if (existsSync(out))
    throw new CliError('REFUSED', `${where(ctx, out)} exists: a backup never overwrites a file`, {
      hint: 'pass another --out path',
    });
  if (!existsSync(dirname(out)))
    throw new CliError('NOT_FOUND', `the folder of ${where(ctx, out)} does not exist`, {
      hint: 'create it first',
    });
  const facts = backupDatabase(dbPath, out);
  if (ctx.output.jsonMode)
    ctx.output.json({
      elapsedMs: elapsedMs(ctx),
      dbPath,
      out: facts.path,
      bytes: facts.bytes,
      schemaVersion: facts.schemaVersion,
    });
  else
    ctx.output.summary(`backed up ${where(ctx, dbPath)} to ${where(ctx, facts.path)} (${facts.bytes} bytes)`);
}

async function restore(ctx: VerbContext): Promise<void> {
  arity(ctx, 2);
  const source = resolve(ctx.io.cwd, ctx.args[1] ?? '');
  const { dbPath } = ctx.project;
  const facts = validateDbFile(source);
  const overwrites = existsSync(dbPath) ? { path: dbPath, bytes: statSync(dbPath).size } : null;
  const dry = dryRun(ctx);
  let keptAs: string | null = null;
  if (!dry) {
    if (!existsSync(dirname(dbPath)))
      throw new CliError('NOT_FOUND', `the folder of ${where(ctx, dbPath)} does not exist`, {
        hint: 'run `sm init` first',
      });
    if (overwrites !== null)
      await confirmDestructive(
        ctx,
        `Replace ${where(ctx, dbPath)} with ${where(ctx, source)}? (the current file is kept beside it)`,
      );
    keptAs = restoreDatabase(source, dbPath).keptAs;
  }
  if (ctx.output.jsonMode)
    ctx.output.json({ elapsedMs: elapsedMs(ctx), dryRun: dry, dbPath, source: facts, overwrites, keptAs });
  else {
    const verb = dry ? 'would restore' : 'restored';
    const kept = keptAs === null ? '' : `; the previous database is kept as ${where(ctx, keptAs)}`;
    const over = overwrites === null ? '' : ` over ${overwrites.bytes} bytes`;
    ctx.output.summary(
      `${verb} ${where(ctx, source)} (schema ${facts.schemaVersion}, ${facts.bytes} bytes) to ${where(ctx, dbPath)}${over}${kept}`,
    );
  }
}

function dump(ctx: VerbContext): void {
  arity(ctx, 1);
  if (ctx.output.jsonMode)
    throw new CliError('USAGE', '`sm db dump` prints SQL, not JSON', {
      hint: 'drop --json (or SKILL_MAP_JSON)',
    });
  const dbPath = requireDbPath(ctx);
  const flag = ctx.options['tables'];
  const tables =
    typeof flag === 'string'
      ? flag
          .split(',')
          .map((t) => t.trim())
          .filter((t) => t !== '')
      : [];
  for (const line of dumpSql(dbPath, tables)) ctx.output.out(line);
}

async function migrate(ctx: VerbContext): Promise<void> {
  arity(ctx, 1);
  const dbPath = requireDbPath(ctx);
  const before = migrationStatus(dbPath);
  const preview = ctx.options['status'] === true || dryRun(ctx);
  // Plugins' dedicated storage: every migration is checked against its plugin's namespace before anything runs.
  const plan = await pluginMigrationPlan({ projectRoot: ctx.project.root, ...pluginFlags(ctx) });
  if (!preview && before.pending.length > 0) openDatabase({ path: dbPath, posture: 'write' }).close();
  const status = preview ? before : migrationStatus(dbPath);
  const appliedNow = preview ? [] : before.pending;
  const pluginsNow = preview ? [] : applyPluginMigrations(dbPath, plan);
  if (ctx.output.jsonMode) {
    ctx.output.json({
      elapsedMs: elapsedMs(ctx),
      dryRun: preview,
      dbPath,
      ...status,
      appliedNow,
      pluginMigrationsApplied: pluginsNow,
    });
    return;
  }
  for (const m of pluginsNow) ctx.output.out(`applied plugin ${m.pluginId} migration ${m.name}`);
  const lines = [`schema ${status.schemaVersion} of ${status.latestVersion} in ${where(ctx, dbPath)}`];
  for (const m of status.applied) lines.push(`  applied  ${m.name}`);
  for (const m of status.pending) lines.push(`  ${preview ? 'pending' : 'failed '}  ${m.name}`);
  if (appliedNow.length > 0)
    lines.push(`applied ${appliedNow.length} migration(s) (a backup of the file was written beside it)`);
  else if (status.pending.length === 0) lines.push('up to date');
  ctx.output.summary(lines.join('\n'));
}

/** `sm db <subcommand>`. */
export async function run(ctx: VerbContext): Promise<VerbResult> {
  switch (ctx.args[0]) {
    case 'reset':
      await reset(ctx);
      break;
    case 'backup':
      backup(ctx);
      break;
    case 'restore':
      await restore(ctx);
      break;
    case 'dump':
      dump(ctx);
      break;
    case 'migrate':
      await migrate(ctx);
      break;
    default:
      throw new CliError(
        'USAGE',
        ctx.args[0] === undefined ? '`sm db` needs a subcommand' : `unknown db subcommand '${ctx.args[0]}'`,
        { hint: USAGE_HINT },
      );
  }
  return {};
}
