// Issue 23 point 10: the README's two commands run in order failed the tests. `npm run demo` served
// examples/demo-project itself, so it wrote examples/demo-project/.skill-map/ (database, operations log), which the
// next `npm ci && npm test` kept. The demo now serves a copy in a fresh temp folder. This runs the package's `demo`
// script the way `npm run demo -- --port 0 --no-open` does (its own process group, stopped by a SIGINT to the group,
// which is what Ctrl+C sends), then checks the served root and that examples/ is as it was.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const REPO = new URL('../../', import.meta.url).pathname.replace(/\/$/, '');
const built = existsSync(join(REPO, 'packages/skill-map/dist/cli/main.js'));

/** Everything git sees under examples/, ignored files included (a served project's `.skill-map/` is ignored). */
const examplesStatus = (): string =>
  spawnSync('git', ['status', '--porcelain', '--ignored', '--untracked-files=all', 'examples'], {
    cwd: REPO,
    encoding: 'utf8',
  }).stdout;

const isInside = (parent: string, child: string): boolean => {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith('/'));
};

let group: number | undefined;
afterAll(() => {
  if (group !== undefined) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

describe.skipIf(!built || process.platform === 'win32')('npm run demo (built workspaces)', () => {
  it('serves a copy of the demo project outside examples/, and leaves examples/ as it was', async () => {
    const before = examplesStatus();
    const demo = (
      JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { scripts: { demo: string } }
    ).scripts.demo;
    const child = spawn('sh', ['-c', `exec ${demo} --port 0 --no-open`], {
      cwd: REPO,
      detached: true, // a process group of its own, as a terminal runs a foreground command
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    group = child.pid;
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (output += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (output += c));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      const check = (): void => {
        const m = /^ {2}web {3}(http:\/\/\S+)$/m.exec(output);
        if (m !== null) resolve(m[1]!);
      };
      child.stdout.on('data', check);
      child.stderr.on('data', check);
      void exited.then((code) => reject(new Error(`the demo exited ${code} before serving:\n${output}`)));
    });
    const served = /is serving (.+)$/m.exec(output)?.[1];
    expect(served, output).toBeDefined();
    expect(isInside(join(REPO, 'examples'), served!), `served ${served}`).toBe(false);
    expect(isInside(realpathSync(tmpdir()), realpathSync(served!)), `served ${served}`).toBe(true);
    expect(existsSync(join(served!, '.claude/agents/reviewer.md'))).toBe(true); // the demo project's files
    expect((await fetch(new URL('api/health', url))).status).toBe(200);

    process.kill(-child.pid!, 'SIGINT'); // Ctrl+C
    expect(await exited).toBe(0);
    group = undefined;
    expect(existsSync(served!)).toBe(false); // the copy went with the server
    expect(examplesStatus()).toBe(before);
  });
});
