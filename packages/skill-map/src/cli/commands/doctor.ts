// `sm doctor`: the health of the project's store and setup, one check per line. Exit 0 all green, 1 warnings, 2 an
// error-level problem. Plugin problems are `sm plugins doctor`'s: this report points there.
import { existsSync } from 'node:fs';
import { damageOf, findOrphans, migrationStatus, probeStore } from '../../adapters/index.js';
import { activityHookStatus } from '../../engines/activity/index.js';
import { CliError } from '../errors.js';
import { displayPath } from '../read-store.js';
import { elapsedMs } from '../verbs.js';
import type { VerbContext, VerbResult } from '../verbs.js';

type Level = 'ok' | 'warn' | 'error' | 'skipped';

interface Check {
  id: string;
  status: Level;
  message: string;
  hint?: string;
}

const check = (id: string, status: Level, message: string, hint?: string): Check =>
  hint === undefined ? { id, status, message } : { id, status, message, hint };

function storeChecks(dbPath: string, shown: string): Check[] {
  if (!existsSync(dbPath)) return [check('database', 'warn', `no database at ${shown}`, 'run `sm scan`')];
  const damage = damageOf(dbPath, 5000, true);
  if (damage !== null)
    return [
      check(
        'database',
        'error',
        `${shown} is damaged: ${damage}`,
        'run `sm scan --full` (the damaged file is kept)',
      ),
    ];
  const out = [check('database', 'ok', `${shown} passes PRAGMA quick_check`)];
  const m = migrationStatus(dbPath);
  if (m.schemaVersion > m.latestVersion)
    out.push(
      check(
        'migrations',
        'error',
        `schema ${m.schemaVersion} is newer than this build's ${m.latestVersion}`,
        'upgrade skill-map',
      ),
    );
  else if (m.pending.length > 0)
    out.push(
      check(
        'migrations',
        'warn',
        `${m.pending.length} pending migration(s): ${m.pending.map((p) => p.name).join(', ')}`,
        'run `sm db migrate` (or any scan)',
      ),
    );
  else out.push(check('migrations', 'ok', `schema ${m.schemaVersion}, no pending migration`));
  if (m.schemaVersion < m.latestVersion) return out;
  const orphans = findOrphans(dbPath);
  out.push(
    orphans.length === 0
      ? check('orphans', 'ok', 'every state row belongs to a scanned node')
      : check(
          'orphans',
          'warn',
          `${orphans.length} orphan path(s) hold ${orphans.reduce((s, o) => s + o.total, 0)} state row(s)`,
          'see `sm orphans`',
        ),
  );
  const probe = probeStore(dbPath);
  out.push(
    probe.orphanJobContents === 0
      ? check('job-contents', 'ok', 'every stored job content belongs to a job')
      : check(
          'job-contents',
          'warn',
          `${probe.orphanJobContents} job content(s) no job references`,
          'run `sm jobs prune`',
        ),
  );
  const idle = probe.providers.filter((p) => p.nodes === 0);
  out.push(
    probe.providers.length === 0
      ? check(
          'providers',
          'warn',
          'the last scan detected no host',
          'is this the project root? see `sm scan --run-facts`',
        )
      : idle.length === 0
        ? check('providers', 'ok', `hosts ${probe.providers.map((p) => `${p.id} (${p.nodes})`).join(', ')}`)
        : check('providers', 'warn', `detected but matched nothing: ${idle.map((p) => p.id).join(', ')}`),
  );
  return out;
}

function activityCheck(root: string): Check {
  const hosts = activityHookStatus(root, { argv: null });
  const broken = hosts.filter(
    (h) => h.state === 'invalid' || h.state === 'partial' || h.state === 'outdated',
  );
  const on = hosts.filter((h) => h.state === 'installed').map((h) => h.host);
  if (broken.length > 0)
    return check(
      'activity',
      'warn',
      `activity hook ${broken.map((h) => `${h.host}: ${h.state}`).join(', ')}`,
      'run `sm activity install`',
    );
  return check(
    'activity',
    'ok',
    on.length === 0
      ? 'activity capture is off (no hook installed)'
      : `activity capture on for ${on.join(', ')}`,
  );
}

/** `sm doctor`. */
export async function run(ctx: VerbContext): Promise<VerbResult> {
  const checks = [
    ...storeChecks(ctx.project.dbPath, displayPath(ctx.io.cwd, ctx.project.dbPath)),
    activityCheck(ctx.project.root),
    check('plugins', 'skipped', 'plugin manifests and load failures are checked by `sm plugins doctor`'),
  ];
  const status: Level = checks.some((c) => c.status === 'error')
    ? 'error'
    : checks.some((c) => c.status === 'warn')
      ? 'warn'
      : 'ok';
  if (ctx.output.jsonMode) ctx.output.json({ elapsedMs: elapsedMs(ctx), status, checks });
  else
    for (const c of checks) {
      const mark =
        c.status === 'ok'
          ? ctx.output.paint('green', 'ok   ')
          : c.status === 'skipped'
            ? 'skip '
            : ctx.output.paint(c.status === 'error' ? 'red' : 'yellow', c.status.padEnd(5));
      ctx.output.out(`${mark} ${c.id.padEnd(13)} ${c.message}${c.hint === undefined ? '' : ` — ${c.hint}`}`);
    }
  if (status === 'error') throw new CliError('REFUSED', 'sm doctor found error-level problems (see above)');
  return Promise.resolve({ failing: status === 'warn' });
}
