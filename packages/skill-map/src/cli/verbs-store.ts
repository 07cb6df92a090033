// The verb table of the store's own verbs (db, history, orphans, doctor): names, help text and option specs, with
// lazy loaders like the rest of the table (cli/verbs.ts), kept apart so each file stays readable.
import type { VerbSpec } from './verbs.js';

export const STORE_VERBS: readonly VerbSpec[] = [
  {
    name: 'db',
    summary: 'reset, back up, restore, dump and migrate the database',
    usage: [
      'db reset [--state | --hard] [-n] [--yes]',
      'db backup [--out <path>]',
      'db restore <path> [-n] [--yes]',
      'db dump [--tables <t,...>]',
      'db migrate [--status | -n]',
    ],
    details: [
      'reset drops the scan zone (the next scan rebuilds it); --state also drops jobs, findings and history;',
      '--hard deletes the file. --state, --hard and restore ask first unless --yes (or --force).',
      'backup copies the live database (WAL included) into one file, by default <db>.backup-<time>.',
      "restore checks the file (SQLite header, integrity, this build's schema), keeps the current database as",
      '<db>.pre-restore-<time> and swaps the copy in. -n/--dry-run previews without writing or creating anything.',
    ],
    options: {
      state: {
        type: 'boolean',
        description: 'reset: also drop the state zone (jobs, executions, findings, ...)',
      },
      hard: { type: 'boolean', description: 'reset: delete the database file' },
      'dry-run': { type: 'boolean', short: 'n', description: 'say what would change; change nothing' },
      yes: { type: 'boolean', short: 'y', description: 'confirm a destructive reset or restore' },
      force: { type: 'boolean', description: 'same as --yes' },
      out: { type: 'string', value: 'path', description: 'backup: the file to write (never overwritten)' },
      tables: { type: 'string', value: 't,...', description: 'dump: only these tables' },
      status: { type: 'boolean', description: 'migrate: list applied and pending migrations; apply nothing' },
    },
    maxArgs: 2,
    timed: true,
    load: () => import('./commands/db.js'),
  },
  {
    name: 'history',
    summary: 'execution records of the job queue, and their aggregates',
    usage: [
      'history [-n <node>] [--action <id>] [--status <list>] [--since <date>] [--until <date>]',
      'history stats [--since <date>] [--until <date>] [--period day|week|month] [--top <n>]',
    ],
    details: [
      'One record per finished job (completed, failed, cancelled), newest first; --json: ExecutionRecord objects.',
      'stats: totals, tokens per action, executions per period (default month), top nodes (default 10), error rates.',
      'Dates are ISO (2026-05-01 or 2026-05-01T12:00:00Z), UTC; --since is inclusive, --until exclusive.',
    ],
    options: {
      node: {
        type: 'string',
        short: 'n',
        value: 'path',
        description: 'only executions that targeted this node',
      },
      action: { type: 'string', value: 'id', description: 'only executions of this action' },
      status: {
        type: 'string',
        value: 'list',
        description: 'only these statuses (completed, failed, cancelled)',
      },
      since: { type: 'string', value: 'date', description: 'from this date (inclusive)' },
      until: {
        type: 'string',
        value: 'date',
        description: 'up to this date (exclusive; stats: default now)',
      },
      period: {
        type: 'string',
        value: 'unit',
        description: 'stats: bucket by day, week or month (default month)',
      },
      top: { type: 'string', value: 'n', description: 'stats: how many top nodes (default 10)' },
    },
    maxArgs: 1,
    timed: true,
    load: () => import('./commands/history.js'),
  },
  {
    name: 'orphans',
    summary: 'state rows (jobs, findings, history) whose node is gone, and how to re-attach them',
    usage: [
      'orphans',
      'orphans reconcile <orphan.path> --to <new.path>',
      'orphans undo-rename <new.path> [--from <old.path>] [--force]',
    ],
    details: [
      'A scan carries state over a rename it is sure of; what it could not match stays under the old path.',
      'reconcile moves every state row of an orphan path to a node of the last scan.',
      'undo-rename reverses a medium-confidence auto-rename (its auto-rename-medium issue); it asks first unless --force.',
    ],
    options: {
      to: {
        type: 'string',
        value: 'new.path',
        description: 'reconcile: the scanned node to move the rows to',
      },
      from: {
        type: 'string',
        value: 'old.path',
        description: 'undo-rename: the path it was renamed from (checked)',
      },
      force: { type: 'boolean', description: 'undo-rename: do not ask' },
      yes: { type: 'boolean', short: 'y', description: 'same as --force' },
    },
    maxArgs: 2,
    timed: true,
    load: () => import('./commands/orphans.js'),
  },
  {
    name: 'doctor',
    summary: 'check the database, migrations, orphans, hosts and activity capture',
    usage: ['doctor'],
    details: [
      'Exit 0 when every check is green, 1 on a warning, 2 on an error-level problem (a damaged or newer database).',
      'Plugins are checked by `sm plugins doctor`.',
    ],
    options: {},
    maxArgs: 0,
    timed: true,
    load: () => import('./commands/doctor.js'),
  },
];
