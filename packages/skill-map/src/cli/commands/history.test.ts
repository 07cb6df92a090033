// `sm history [stats]` over real execution rows; --json validated against execution-record and history-stats.
import { afterEach, describe, expect, it } from 'vitest';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { runCli } from '../testing/run-cli.js';
import { CLEAN_PROJECT, execSql, schemaErrors, tempProject } from '../testing/projects.js';

let tree: TempTree;
afterEach(() => tree.remove());

const sm = (argv: string[]) => runCli(argv, { cwd: tree.root });
const HASH = 'a'.repeat(64);
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 4, 4, 10); // Monday 2026-05-04 10:00 UTC

interface Stats {
  range: unknown;
  totals: unknown;
  tokensPerExtension: Record<string, unknown>[];
  executionsPerPeriod: { periodStart: string }[];
  topNodes: unknown;
  errorRates: { global: number; perFailureReason: unknown };
}

function row(
  id: string,
  action: string,
  node: string,
  status: string,
  reason: string | null,
  at: number,
  tokens: number,
  runner = 'agent',
): string {
  const r = reason === null ? 'NULL' : `'${reason}'`;
  return `('${id}', 'action', '${action}', '1.0.0', '["${node}"]', '${HASH}', '${status}', ${r}, NULL, '${runner}', ${at - 1000}, ${at}, 1000, ${tokens}, ${tokens / 2}, NULL, NULL, NULL, 'j-${id}')`;
}

async function withHistory(): Promise<void> {
  tree = tempProject(CLEAN_PROJECT);
  expect((await sm(['scan'])).code).toBe(0);
  execSql(
    tree.abs('.skill-map/skill-map.db'),
    `INSERT INTO state_executions VALUES
     ${row('e1', 'summarize', 'docs/guide.md', 'completed', null, T0, 100)},
     ${row('e2', 'summarize', 'docs/guide.md', 'failed', 'timeout', T0 + DAY, 40)},
     ${row('e3', 'audit', 'CLAUDE.md', 'cancelled', null, T0 + 8 * DAY, 0, 'in-process')},
     ${row('e4', 'summarize', 'CLAUDE.md', 'completed', null, T0 + 40 * DAY, 200)}`,
  );
}

describe('sm history', () => {
  it('lists the records newest first, filtered by node, action, status and dates', async () => {
    await withHistory();
    const all = await sm(['history', '--json']);
    expect(all.code).toBe(0);
    const records = all.json<Record<string, unknown>[]>();
    expect(schemaErrors('executionRecord', records)).toEqual([]);
    expect(records.map((r) => r['id'])).toEqual(['e4', 'e3', 'e2', 'e1']);
    // A cancelled job has no failure reason; the runner is the one that claimed the job.
    expect(records[1]).toMatchObject({ status: 'cancelled', failureReason: null, runner: 'in-process' });
    expect(records[2]).toMatchObject({ status: 'failed', failureReason: 'timeout', runner: 'agent' });
    expect(records[0]).toMatchObject({ runner: 'agent', failureReason: null, nodeIds: ['CLAUDE.md'] });
    const ids = async (...argv: string[]) =>
      (await sm(['history', '--json', ...argv])).json<{ id: string }[]>().map((r) => r.id);
    expect(await ids('-n', 'docs/guide.md')).toEqual(['e2', 'e1']);
    expect(await ids('--action', 'audit')).toEqual(['e3']);
    expect(await ids('--status', 'failed,cancelled')).toEqual(['e3', 'e2']);
    expect(await ids('--since', '2026-05-05', '--until', '2026-05-13')).toEqual(['e3', 'e2']);
    const text = await sm(['history', '-n', 'docs/guide.md']);
    expect(text.stdout).toContain('failed (timeout)  summarize  docs/guide.md');
    expect(text.stderr).toMatch(/done in \d+ms/);
  });

  it('refuses a bad status, date or period (exit 2) and a missing database (exit 5)', async () => {
    await withHistory();
    expect((await sm(['history', '--status', 'running'])).code).toBe(2);
    expect((await sm(['history', '--since', 'yesterday'])).stderr).toContain('is not an ISO date');
    expect((await sm(['history', 'stats', '--period', 'year'])).code).toBe(2);
    expect((await sm(['history', 'stats', '--top', '0'])).code).toBe(2);
    expect((await runCli(['history'], { cwd: tree.abs('docs') })).code).toBe(5);
  });
});

describe('sm history stats', () => {
  it('aggregates the window: totals, tokens per extension, periods, top nodes, error rates', async () => {
    await withHistory();
    const run = await sm([
      'history',
      'stats',
      '--json',
      '--until',
      '2026-06-01',
      '--period',
      'week',
      '--top',
      '1',
    ]);
    expect(run.code).toBe(0);
    const doc = run.json<Stats>();
    expect(schemaErrors('historyStats', [doc])).toEqual([]);
    expect(doc.range).toEqual({ since: null, until: '2026-06-01T00:00:00.000Z' });
    expect(doc.totals).toEqual({
      executionsCount: 3,
      completedCount: 1,
      failedCount: 1,
      tokensIn: 140,
      tokensOut: 70,
      durationMsTotal: 3000,
    });
    expect(doc.tokensPerExtension[0]).toMatchObject({
      extensionId: 'summarize',
      executionsCount: 2,
      tokensIn: 140,
      durationMsMedian: 1000,
    });
    expect(doc.executionsPerPeriod).toEqual([
      {
        periodStart: '2026-05-04T00:00:00.000Z',
        periodUnit: 'week',
        executionsCount: 2,
        tokensIn: 140,
        tokensOut: 70,
      },
      {
        periodStart: '2026-05-11T00:00:00.000Z',
        periodUnit: 'week',
        executionsCount: 1,
        tokensIn: 0,
        tokensOut: 0,
      },
    ]);
    expect(doc.topNodes).toEqual([
      { nodePath: 'docs/guide.md', executionsCount: 2, lastExecutedAt: T0 + DAY },
    ]);
    expect(doc.errorRates.global).toBeCloseTo(1 / 3);
    expect(doc.errorRates.perFailureReason).toEqual({
      'runner-error': 0,
      'report-invalid': 0,
      timeout: 1,
      abandoned: 0,
      'job-file-missing': 0,
      'user-failed': 0,
    });
    const month = (await sm(['history', 'stats', '--json'])).json<Stats>();
    expect(month.executionsPerPeriod.map((p) => p.periodStart)).toEqual([
      '2026-05-01T00:00:00.000Z',
      '2026-06-01T00:00:00.000Z',
    ]);
  });
});
