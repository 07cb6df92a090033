// `sm doctor` on real projects: green (exit 0), warnings (exit 1), a damaged database (exit 2); --json validated.
import { writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { runCli } from '../testing/run-cli.js';
import { CLEAN_PROJECT, execSql, schemaErrors, tempProject } from '../testing/projects.js';

let tree: TempTree;
afterEach(() => tree.remove());

const sm = (argv: string[]) => runCli(argv, { cwd: tree.root });
interface Report {
  status: string;
  checks: { id: string; status: string }[];
}
const statusOf = (r: Report, id: string): string | undefined => r.checks.find((c) => c.id === id)?.status;

describe('sm doctor', () => {
  it('all green after a scan: exit 0, with the plugins seam', async () => {
    tree = tempProject(CLEAN_PROJECT);
    expect((await sm(['scan'])).code).toBe(0);
    const run = await sm(['doctor', '--json']);
    const doc = run.json<Report>();
    expect(schemaErrors('doctor', [doc])).toEqual([]);
    expect(run.code, JSON.stringify(doc)).toBe(0);
    expect(doc.status).toBe('ok');
    expect(statusOf(doc, 'plugins')).toBe('skipped');
    const text = await sm(['doctor']);
    expect(text.stdout).toMatch(/ok {4}database/);
    expect(text.stderr).toMatch(/done in \d+/);
  });

  it('orphan state rows and unreferenced job contents are warnings (exit 1); no database is one too', async () => {
    tree = tempProject(CLEAN_PROJECT);
    expect((await sm(['doctor'])).code).toBe(1);
    expect((await sm(['scan'])).code).toBe(0);
    execSql(
      tree.abs('.skill-map/skill-map.db'),
      `INSERT INTO state_executions VALUES ('e1', 'action', 'a', '1', '["gone.md"]', NULL, 'completed', NULL, NULL, NULL, 1, 2, 1, 1, 1, NULL, NULL, NULL, 'j');
       INSERT INTO state_job_contents (content_hash, content, created_at) VALUES ('h', 'x', 1)`,
    );
    const run = await sm(['doctor', '--json']);
    expect(run.code).toBe(1);
    const doc = run.json<Report>();
    expect(schemaErrors('doctor', [doc])).toEqual([]);
    expect(statusOf(doc, 'orphans')).toBe('warn');
    expect(statusOf(doc, 'job-contents')).toBe('warn');
    expect(doc.status).toBe('warn');
  });

  it('a damaged database is an error (exit 2)', async () => {
    tree = tempProject(CLEAN_PROJECT);
    expect((await sm(['scan'])).code).toBe(0);
    writeFileSync(tree.abs('.skill-map/skill-map.db'), Buffer.alloc(8192, 7));
    const run = await sm(['doctor', '--json']);
    expect(run.code).toBe(2);
    const doc = JSON.parse(run.stdout) as Report;
    expect(schemaErrors('doctor', [doc])).toEqual([]);
    expect(statusOf(doc, 'database')).toBe('error');
  });
});
