// Issue 29, an organisation's repositories on one map, through the BUILT bin and a real PostgreSQL (a throwaway
// cluster; skipped without one): two projects scanned into one database, `sm org search` finds a skill
// name in both, `sm org issues` lists both projects' errors, `sm org delete` removes one project and leaves the
// other whole. Nothing is written beside either project but its projectId in .skill-map/settings.json.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPostgres, startPostgres } from '../src/adapters/testing/postgres.js';
import type { TestPostgres } from '../src/adapters/testing/postgres.js';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { isBuilt, runSm, spawnSm } from './support/sm-bin.js';
import { finished } from './support/sm-process.js';

/** A small Claude Code harness; `broken` plants one broken link (an error). */
function project(skill: string, agent: string, broken: string): Record<string, string> {
  return {
    [`.claude/skills/${skill}/SKILL.md`]: `---\nname: ${skill}\ndescription: Does ${skill}\n---\nSee [the guide](../../../docs/guide.md) and [gone](../../../docs/${broken}.md).\n`,
    '.claude/skills/deploy/SKILL.md': '---\nname: deploy\ndescription: Deploys the app\n---\nShip it.\n',
    [`.claude/agents/${agent}.md`]: `---\nname: ${agent}\ndescription: Reviews\ntools: Read\n---\nUse the [deploy skill](../skills/deploy/SKILL.md).\n`,
    'docs/guide.md': '# Guide\n',
  };
}

let server: TestPostgres | null = null;
let a: TempTree;
let b: TempTree;
beforeAll(async () => {
  if (hasPostgres()) server = await startPostgres();
  a = createTempTree('sm-org-a-');
  b = createTempTree('sm-org-b-');
  a.write(project('lint', 'reviewer', 'missing-a'));
  b.write(project('format', 'auditor', 'missing-b'));
}, 120_000);
afterAll(() => {
  server?.stop();
  a.remove();
  b.remove();
});

describe.skipIf(!isBuilt() || !hasPostgres())('postgres: sm scan --db postgres:// and sm org', () => {
  it('maps two projects into one database, answers across them, and deletes one without touching the other', (ctx) => {
    if (server === null) return ctx.skip();
    const url = server.createDatabase('org');
    const env = { SKILL_MAP_DB: url };
    const scanA = runSm(['scan'], { cwd: a.root, env });
    expect(scanA.code, scanA.stderr).toBe(1); // one broken link: an error, as `sm scan` says
    expect(scanA.stdout).toContain(`${url} as project ${a.root.split('/').at(-1)}`);
    const scanB = runSm(['scan', '--db', url], { cwd: b.root });
    expect(scanB.code, scanB.stderr).toBe(1);
    // Only the settings (the project id) beside each project: no SQLite file, no cache.
    expect(readdirSync(join(a.root, '.skill-map'))).toEqual(['.gitignore', 'settings.json']);
    const idA = (
      JSON.parse(readFileSync(join(a.root, '.skill-map', 'settings.json'), 'utf8')) as { projectId: string }
    ).projectId;
    expect(idA).toMatch(/^[0-9a-f-]{36}$/);

    // A rescan keeps the id and replaces the project's rows (the counts do not double).
    expect(runSm(['scan'], { cwd: a.root, env }).code).toBe(1);
    expect(JSON.parse(readFileSync(join(a.root, '.skill-map', 'settings.json'), 'utf8'))).toMatchObject({
      projectId: idA,
    });

    const list = runSm(['org', 'list', '--json'], { cwd: a.root, env });
    expect(list.code, list.stderr).toBe(0);
    const projects = (
      JSON.parse(list.stdout) as {
        projects: Array<{ projectId: string; nodes: number; issues: { error: number } }>;
      }
    ).projects;
    expect(projects).toHaveLength(2);
    expect(projects.map((p) => [p.nodes, p.issues.error])).toEqual([
      [4, 1],
      [4, 1],
    ]);

    const search = runSm(['org', 'search', 'deploy'], { cwd: b.root, env });
    expect(search.code, search.stderr).toBe(0);
    expect(search.stdout.trim().split('\n')).toHaveLength(2);
    expect(search.stdout).toContain('.claude/skills/deploy/SKILL.md');

    const uses = runSm(['org', 'uses', '.claude/skills/deploy/SKILL.md', '--json'], { cwd: b.root, env });
    expect(
      (JSON.parse(uses.stdout) as { uses: Array<{ source: string }> }).uses.map((u) => u.source).sort(),
    ).toEqual(['.claude/agents/auditor.md', '.claude/agents/reviewer.md']);

    const issues = runSm(['org', 'issues'], { cwd: b.root, env });
    expect(issues.code).toBe(1); // errors listed: failing, as `sm check`
    expect(issues.stdout).toContain('missing-a.md');
    expect(issues.stdout).toContain('missing-b.md');

    expect(runSm(['org', 'delete', idA], { cwd: b.root, env }).code).toBe(2); // needs --yes
    const del = runSm(['org', 'delete', idA, '--yes'], { cwd: b.root, env });
    expect(del.code, del.stderr).toBe(0);
    const after = runSm(['org', 'issues', '--json'], { cwd: b.root, env });
    const left = JSON.parse(after.stdout) as {
      issues: Array<{ projectId: string; issue: { message: string } }>;
    };
    expect(left.issues.map((i) => i.projectId)).not.toContain(idA);
    expect(JSON.stringify(left.issues)).toContain('missing-b');
    expect(runSm(['org', 'search', 'deploy'], { cwd: b.root, env }).stdout.trim().split('\n')).toHaveLength(
      1,
    );
    expect(runSm(['org', 'delete', idA, '--yes'], { cwd: b.root, env }).code).toBe(5);
  });

  it('sm issues and sm findings work on the project rows in the database', (ctx) => {
    if (server === null) return ctx.skip();
    const url = server.createDatabase('curation');
    const env = { SKILL_MAP_DB: url };
    const c = createTempTree('sm-org-d-');
    try {
      c.write(project('lint', 'reviewer', 'missing-c'));
      expect(runSm(['scan'], { cwd: c.root, env }).code).toBe(1); // one broken link
      const node = '.claude/skills/lint/SKILL.md';
      const dismissed = runSm(
        ['issues', 'dismiss', node, 'reference-broken', 'docs/missing-c.md', '--note', 'planned', '--yes'],
        { cwd: c.root, env },
      );
      expect(dismissed.code, dismissed.stderr).toBe(0);
      // The sidecar holds the suppression; the stored issue is gone at once, for every reader of the database.
      expect(readFileSync(join(c.root, '.claude/skills/lint/SKILL.sm'), 'utf8')).toContain(
        'docs/missing-c.md',
      );
      const issues = runSm(['org', 'issues', '--json'], { cwd: c.root, env });
      expect(issues.stdout).not.toContain('missing-c');
      const listed = runSm(['issues', 'suppressions', '--json'], { cwd: c.root, env });
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout).toContain('docs/missing-c.md');
      // A rescan keeps it suppressed (the sidecar is the record); the scan exits clean now.
      expect(runSm(['scan'], { cwd: c.root, env }).code).toBe(0);
      const findings = runSm(['findings', '--json'], { cwd: c.root, env });
      expect(findings.code, findings.stderr).toBe(0);
      expect(JSON.parse(findings.stdout)).toMatchObject({ total: 0 });
      // Beside the project: its settings and its operations log (the dismissal is logged where it was made), no
      // SQLite file.
      expect(readdirSync(join(c.root, '.skill-map')).sort()).toEqual([
        '.gitignore',
        'operations.log',
        'settings.json',
      ]);
    } finally {
      c.remove();
    }
  });
});

describe.skipIf(!isBuilt() || !hasPostgres())('postgres: the job queue on a shared database', () => {
  it('submits, claims and records a job through sm, each project seeing only its own queue', async (ctx) => {
    if (server === null) return ctx.skip();
    const url = server.createDatabase('queue');
    const env = { SKILL_MAP_DB: url };
    const agent = {
      '.claude/skills/sm-process-jobs/SKILL.md': '---\nname: sm-process-jobs\n---\nProcess jobs.\n',
    };
    const c = createTempTree('sm-queue-c-');
    const d = createTempTree('sm-queue-d-');
    try {
      c.write({ ...project('lint', 'reviewer', 'missing-c'), ...agent });
      d.write({ ...project('lint', 'reviewer', 'missing-d'), ...agent });
      const unscanned = runSm(['jobs', 'list'], { cwd: c.root, env });
      expect(unscanned.code).toBe(5);
      expect(unscanned.stderr).toContain('this project has not been scanned into');
      for (const t of [c, d]) expect(runSm(['scan', '-q'], { cwd: t.root, env }).code).toBe(1);
      const node = '.claude/skills/lint/SKILL.md';
      const submitted = runSm(['jobs', 'submit', 'core/ai-summarizer-action', '-n', node, '--json'], {
        cwd: c.root,
        env,
      });
      expect(submitted.code, submitted.stderr).toBe(0);
      const id = (JSON.parse(submitted.stdout) as { id: string }).id;
      // The same work again is a duplicate (exit 3); the other project's queue is empty.
      expect(
        runSm(['jobs', 'submit', 'core/ai-summarizer-action', '-n', node], { cwd: c.root, env }).code,
      ).toBe(3);
      expect(runSm(['jobs', 'claim'], { cwd: d.root, env }).code).toBe(1);
      const claimed = runSm(['jobs', 'claim', '--json'], { cwd: c.root, env });
      expect(claimed.code, claimed.stderr).toBe(0);
      const job = JSON.parse(claimed.stdout) as { id: string; nonce: string; content: string };
      expect(job.id).toBe(id);
      expect(job.content).toContain(node);
      const report = JSON.stringify({
        confidence: 0.9,
        safety: { injectionDetected: false, contentQuality: 'clean' },
        summary: 'Lints things. It reads the guide first.',
      });
      const wrong = runSm(['record', id, '--nonce', 'not-it', '--status', 'completed', '--report', '-'], {
        cwd: c.root,
        env,
      });
      expect(wrong.code).toBe(4);
      const reportFile = join(c.root, 'report.json');
      writeFileSync(reportFile, report);
      const recorded = runSm(
        ['record', id, '--nonce', job.nonce, '--status', 'completed', '--report', reportFile],
        {
          cwd: c.root,
          env,
        },
      );
      expect(recorded.code, recorded.stderr).toBe(0);
      const shown = runSm(['jobs', 'show', id, '--json'], { cwd: c.root, env });
      expect((JSON.parse(shown.stdout) as { item: unknown }).item).toMatchObject({ id, status: 'completed' });
      expect(runSm(['jobs', 'show', id], { cwd: d.root, env }).code).toBe(5);
      const list = runSm(['org', 'list', '--json'], { cwd: c.root, env });
      const jobs = (
        JSON.parse(list.stdout) as { projects: Array<{ jobs: { queued: number; running: number } }> }
      ).projects;
      expect(jobs.map((p) => p.jobs)).toEqual([
        { queued: 0, running: 0 },
        { queued: 0, running: 0 },
      ]);
      // A claim parked in one process (interval 30 s) is woken by a submit from another, and its process ends.
      const parked = finished(
        spawnSm(['jobs', 'claim', '--wait', '--interval', '30', '--timeout', '120', '--json'], {
          cwd: c.root,
          env,
        }),
      );
      const again = runSm(['jobs', 'submit', 'core/ai-summarizer-action', '-n', node, '--json'], {
        cwd: c.root,
        env,
      });
      expect(again.code, again.stderr).toBe(0);
      const woken = await parked;
      expect(woken.code, woken.stderr).toBe(0);
      expect((JSON.parse(woken.stdout) as { id: string }).id).toBe(
        (JSON.parse(again.stdout) as { id: string }).id,
      );
      // No SQLite database beside either project.
      for (const t of [c, d])
        expect(readdirSync(join(t.root, '.skill-map')).filter((n) => n.endsWith('.db'))).toEqual([]);
    } finally {
      c.remove();
      d.remove();
    }
  });
});

describe.skipIf(!isBuilt())('sm org and sm scan without a reachable PostgreSQL', () => {
  it('says clearly when the server cannot be reached, with the password left out', () => {
    const run = runSm(['org', 'list'], {
      cwd: a.root,
      env: { SKILL_MAP_DB: 'postgres://ana:s3cret@127.0.0.1:1/none' },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('could not connect to PostgreSQL at postgres://ana:***@127.0.0.1:1/none');
    expect(run.stderr).not.toContain('s3cret');
    expect(run.stderr).toContain('PGPASSWORD');
  });

  it('sm scan into an unreachable server scans nothing and writes nothing', () => {
    const fresh = createTempTree('sm-org-c-');
    try {
      fresh.write(project('lint', 'reviewer', 'missing'));
      const run = runSm(['scan', '--db', 'postgres://127.0.0.1:1/none'], { cwd: fresh.root });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('could not connect to PostgreSQL at postgres://127.0.0.1:1/none');
      expect(readdirSync(fresh.root).sort()).toEqual(['.claude', 'docs']);
    } finally {
      fresh.remove();
    }
  });

  it('sm org without a PostgreSQL database says what it needs', () => {
    const run = runSm(['org', 'list'], { cwd: a.root });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('`sm org` reads a shared PostgreSQL database, and none was named');
  });
});
