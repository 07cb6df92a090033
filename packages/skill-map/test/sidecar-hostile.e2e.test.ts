// Issue 23 points 1 and 4, sidecar side, through a real `sm serve` (the BUILT bin) and REST on a real socket.
// Point 1: a committed `.sm` that is a FIFO, a directory or a symlink to `/dev/zero` made the first sidecar write
// read without end (a FIFO blocked the server, `/dev/zero` grew it past 1.5 GB): each is now one clear refusal
// naming the sidecar, and the server keeps answering. Point 4: a folder symlink repointed out of the project after
// a scan made `dismiss` write a `.sm` outside it, and a `.sm` linked to an outside file was read and copied into the
// project and its database: both are refused by name, and nothing outside (or copied inside) changes.
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { projectRoot, writeFiles } from './support/project-root.js';
import { spawnServe } from './support/sm-process.js';
import type { ServeProcess } from './support/sm-process.js';

const FILES: Record<string, string> = {
  'AGENTS.md': '# Agents\nSee [the guide](docs/guide.md) and [the lint skill](skills/lint.md).\n',
  'docs/guide.md': '# Guide\nRead [missing](missing.md).\n',
  'skills-v1/lint.md': '# Lint\nRun the linter.\n',
};
const SECRET = 'annotations:\n  note: the outside secret\n';

let cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn();
  cleanup = [];
});

function temp(prefix: string, files: Record<string, string> = {}): string {
  const root = projectRoot(prefix, files);
  cleanup.push(() => rmSync(root, { recursive: true, force: true }));
  return root;
}

/** Serves `root` (no watcher) and, once its boot scan mapped the project, lets `prepare` plant the hostile file. */
async function serve(root: string, prepare: () => void): Promise<ServeProcess> {
  const server = await spawnServe(root, ['--no-watcher']);
  cleanup.push(() => server.stop());
  while (!server.stderr().includes('mapped ')) await sleep(50);
  prepare();
  return server;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely; shapes are asserted
type Json = Record<string, any>;

/** `POST /api/nodes/:node/issues/dismiss` with one-shot consent, as the page sends it. */
async function dismiss(server: ServeProcess, node: string): Promise<{ status: number; body: Json }> {
  const res = await fetch(
    `${server.baseUrl}/api/nodes/${Buffer.from(node).toString('base64url')}/issues/dismiss`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ analyzer: 'reference-broken', value: 'missing.md', confirm: true }),
    },
  );
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Json };
}

async function healthStatus(server: ServeProcess): Promise<number> {
  return (await fetch(`${server.baseUrl}/api/health`)).status;
}

describe('a .sm sidecar that is not a regular file (point 1)', () => {
  it.each([
    ['a FIFO', (root: string) => execFileSync('mkfifo', [join(root, 'docs/guide.sm')])],
    ['a directory', (root: string) => mkdirSync(join(root, 'docs/guide.sm'))],
  ])('%s is refused by name on the first write; the server keeps answering', async (_what, plant) => {
    const root = temp('sm-sidecar-kind-', FILES);
    const server = await serve(root, () => plant(root));
    const r = await dismiss(server, 'docs/guide.md');
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('sidecar-invalid');
    expect(r.body.error.message).toContain("Sidecar 'docs/guide.sm' cannot be read:");
    expect(r.body.error.message).toContain('is not a regular file');
    expect(await healthStatus(server)).toBe(200);
  });

  it('a symlink to /dev/zero is refused by name, nothing is read, the server keeps answering', async () => {
    const root = temp('sm-sidecar-zero-', FILES);
    const server = await serve(root, () => symlinkSync('/dev/zero', join(root, 'docs/guide.sm')));
    const r = await dismiss(server, 'docs/guide.md');
    expect(r.status).toBe(403);
    expect(r.body.error).toMatchObject({ code: 'path-outside-root', details: { sidecar: 'docs/guide.sm' } });
    expect(r.body.error.message).toContain('the sidecar docs/guide.sm file leads out of the project');
    expect(await healthStatus(server)).toBe(200);
    expect(lstatSync(join(root, 'docs/guide.sm')).isSymbolicLink()).toBe(true);
  });
});

describe('sidecar writes stay inside the project (point 4)', () => {
  it('a folder symlink repointed out of the project after the scan: dismiss writes nothing outside', async () => {
    const root = temp('sm-sidecar-dir-', FILES);
    const outside = temp('sm-outside-', { 'lint.md': '# Lint\nOutside.\n' });
    symlinkSync('skills-v1', join(root, 'skills'));
    const server = await serve(root, () => {
      rmSync(join(root, 'skills'));
      symlinkSync(outside, join(root, 'skills'));
    });
    const r = await dismiss(server, 'skills/lint.md');
    expect(r.status).toBe(403);
    expect(r.body.error).toMatchObject({ code: 'path-outside-root', details: { sidecar: 'skills/lint.sm' } });
    expect(r.body.error.message).toContain('the sidecar skills/lint.sm folder leads out of the project');
    expect(readdirSync(outside)).toEqual(['lint.md']);
  });

  it('a .sm linked to a file outside is neither read nor copied into the project or its database', async () => {
    const root = temp('sm-sidecar-link-', FILES);
    const outside = temp('sm-outside-', { 'secret.sm': SECRET });
    const server = await serve(root, () =>
      symlinkSync(join(outside, 'secret.sm'), join(root, 'docs/guide.sm')),
    );
    const r = await dismiss(server, 'docs/guide.md');
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('path-outside-root');
    expect(lstatSync(join(root, 'docs/guide.sm')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(outside, 'secret.sm'), 'utf8')).toBe(SECRET);
    const node = await fetch(
      `${server.baseUrl}/api/nodes/${Buffer.from('docs/guide.md').toString('base64url')}`,
    );
    expect(await node.text()).not.toContain('outside secret');
  });

  it('a .sm linked to another file inside the project is written through the link, which stays', async () => {
    const root = temp('sm-sidecar-inlink-', FILES);
    const server = await serve(root, () => {
      writeFiles(root, { 'common/guide.sm': '' });
      symlinkSync('../common/guide.sm', join(root, 'docs/guide.sm'));
    });
    const r = await dismiss(server, 'docs/guide.md');
    expect(r.status).toBe(204);
    expect(lstatSync(join(root, 'docs/guide.sm')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(root, 'common/guide.sm'), 'utf8')).toContain('value: missing.md');
  });
});
