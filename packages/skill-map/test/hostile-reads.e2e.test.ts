// Issue 23, point 1: a committed symlink to /dev/zero, as any file sm reads beside the scanned ones (an ignore file,
// a settings layer, a host hook file, serve.json, a file re-read for drift, a report file) or as a scanned candidate,
// once made `sm scan` and `sm serve` read without end. Each now ends at once with one issue or error naming the
// file. The runs are watched: a child that grows past the memory ceiling is killed and the test fails. Built bin.
import { rmSync, symlinkSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { isBuilt, runSm } from './support/sm-bin.js';
import { runSmWatched, spawnServeWatched } from './support/sm-watched.js';
import type { WatchedServe } from './support/sm-watched.js';

const SKILL = '.claude/skills/deploy/SKILL.md';

let tree: TempTree | undefined;
let server: WatchedServe | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
  tree?.remove();
  tree = undefined;
});

/** A small project with the given paths as symlinks to /dev/zero. */
function project(zeros: readonly string[]): TempTree {
  tree = createTempTree('sm-e2e-zero-');
  tree.write({
    [SKILL]: '---\nname: deploy\ndescription: Deploys\n---\nRead [the guide](../../../docs/guide.md).\n',
    'docs/guide.md': '# Guide\nSee [the other](other.md).\n',
    'docs/other.md': '# Other\n',
  });
  for (const rel of zeros) {
    tree.write({ [rel]: '' });
    rmSync(tree.abs(rel));
    symlinkSync('/dev/zero', tree.abs(rel));
  }
  return tree;
}

function issuesOn(root: string, path: string): string[] {
  const db = new Database(`${root}/.skill-map/skill-map.db`, { readonly: true });
  try {
    const rows = db.prepare('SELECT analyzer_id, node_ids_json FROM scan_issues').all() as {
      analyzer_id: string;
      node_ids_json: string;
    }[];
    return rows
      .filter((r) => (JSON.parse(r.node_ids_json) as string[]).includes(path))
      .map((r) => r.analyzer_id);
  } finally {
    db.close();
  }
}

describe.skipIf(!isBuilt())('a committed symlink to /dev/zero (built bin)', () => {
  for (const rel of ['docs/.gitignore', '.gitignore', '.skillmapignore', 'docs/zero.md', 'docs/guide.sm']) {
    it(`as ${rel}: sm scan ends with one file-unreadable issue naming it, instead of reading without end`, async () => {
      const t = project([rel]);
      const run = await runSmWatched(['scan'], { cwd: t.root });
      expect(run.overgrown, `sm scan grew past the memory ceiling reading ${rel}`).toBe(false);
      expect(run.code).toBe(0);
      expect(issuesOn(t.root, rel)).toEqual(['file-unreadable']);
      expect(issuesOn(t.root, SKILL)).toEqual([]);
    });
  }

  for (const rel of ['.skill-map/settings.json', '.skill-map/settings.local.json']) {
    it(`as ${rel}: sm scan and sm serve stop at once with a settings error naming it`, async () => {
      const t = project([rel]);
      for (const argv of [['scan'], ['serve', '--port', '0', '--no-open']]) {
        const run = await runSmWatched(argv, { cwd: t.root });
        expect(run.overgrown, `sm ${argv[0]} grew past the memory ceiling reading ${rel}`).toBe(false);
        expect(run.code).toBe(2);
        expect(run.stderr).toContain(`settings file ${t.abs(rel)} is not a regular file`);
      }
    });
  }

  it('as ignore files, a host hook file, serve.json and candidates: sm serve still answers /api/health', async () => {
    const zeros = [
      'docs/.gitignore',
      '.skillmapignore',
      '.claude/settings.local.json',
      '.skill-map/serve.json',
      'docs/zero.md',
      'docs/guide.sm',
    ];
    const t = project(zeros);
    server = await spawnServeWatched(t.root, ['--no-watcher']);
    expect(server.overgrown(), 'sm serve grew past the memory ceiling').toBe(false);
    expect(server.baseUrl, server.stderr()).not.toBeNull();
    const health = (await (await fetch(`${server.baseUrl!}/api/health`)).json()) as Record<string, unknown>;
    expect(health).toMatchObject({ ok: true });
    await server.stop();
    for (const rel of ['docs/.gitignore', '.skillmapignore', 'docs/zero.md', 'docs/guide.sm'])
      expect(issuesOn(t.root, rel), rel).toEqual(['file-unreadable']);
  });

  it('as the host hook file: sm activity status reports it invalid', async () => {
    const t = project(['.claude/settings.local.json']);
    const run = await runSmWatched(['activity', 'status', '--json'], { cwd: t.root });
    expect(run.overgrown).toBe(false);
    const { hosts } = JSON.parse(run.stdout) as { hosts: { host: string; state: string }[] };
    expect(hosts.find((h) => h.host === 'claude')?.state).toBe('invalid');
  });

  it('as a serve.json the activity hook reads: the hook ends quietly', async () => {
    const t = project(['.skill-map/serve.json']);
    const payload = JSON.stringify({
      session_id: 's1',
      cwd: t.root,
      hook_event_name: 'PreToolUse',
      tool_name: 'Skill',
      tool_input: { skill: 'deploy' },
    });
    const run = await runSmWatched(['activity', 'report', '--for', 'claude'], {
      cwd: t.root,
      input: payload,
    });
    expect(run.overgrown).toBe(false);
    expect([run.code, run.stdout]).toEqual([0, '']);
  });

  it("as sm record's report file: refused by name before anything is recorded", async () => {
    const t = project(['report.json']);
    const run = await runSmWatched(
      ['record', 'j-1', '--nonce', 'n', '--status', 'completed', '--report', 'report.json'],
      { cwd: t.root },
    );
    expect(run.overgrown).toBe(false);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      `cannot read the report file report.json: ${t.abs('report.json')} is not a regular file`,
    );
  });

  it("sm record's report on stdin: refused past the 1 MiB report limit, before anything is read further or recorded", async () => {
    const t = project([]);
    const run = await runSmWatched(
      ['record', 'j-1', '--nonce', 'n', '--status', 'completed', '--report', '-'],
      {
        cwd: t.root,
        input: 'x'.repeat(5 * 1024 * 1024),
      },
    );
    expect(run.overgrown).toBe(false);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('the report on stdin is larger than 1048576 bytes; nothing recorded');
  });

  it('as a node file swapped in since the scan: sm jobs submit refuses it as unreadable, naming it', async () => {
    const t = project([]);
    expect(runSm(['scan', '-q'], { cwd: t.root }).code).toBe(0);
    expect(runSm(['agent', 'install', '--json'], { cwd: t.root }).code).toBe(0);
    rmSync(t.abs(SKILL));
    symlinkSync('/dev/zero', t.abs(SKILL));
    const run = await runSmWatched(['jobs', 'submit', SKILL, 'ai-vagueness-analyzer'], { cwd: t.root });
    expect(run.overgrown, 'the drift check grew past the memory ceiling').toBe(false);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(`${t.abs(SKILL)} is not a regular file`);
  });

  it('as a file of the processing skill folder: sm agent status reports it outdated', async () => {
    const t = project([]);
    expect(runSm(['agent', 'install', '--json'], { cwd: t.root }).code).toBe(0);
    const file = '.claude/skills/sm-process-jobs/SKILL.md';
    rmSync(t.abs(file));
    symlinkSync('/dev/zero', t.abs(file));
    const run = await runSmWatched(['agent', 'status', '--json'], { cwd: t.root });
    expect(run.overgrown).toBe(false);
    expect(run.code).toBe(0);
    const dirs = (JSON.parse(run.stdout) as { dirs: { dir: string; state: string }[] }).dirs;
    expect(dirs.find((d) => d.dir === '.claude/skills/sm-process-jobs')?.state).toBe('outdated');
  });
});
