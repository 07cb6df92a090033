// Issue 23 point 1, in the server's own reads: a node file replaced after the scan by a FIFO (or something that
// grows while it is read) must not stall `?include=body`. A FIFO opened for reading waits for a writer, holding
// one of libuv's four threadpool threads for good: four such requests froze every file read of the server. A real
// temp project, a real scan, the real server on a real socket, a real FIFO.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProjectServer } from '../testing/project-server.js';
import type { ProjectServer } from '../testing/project-server.js';

const NODE = 'docs/guide.md';
let s: ProjectServer;

beforeAll(async () => {
  s = await startProjectServer({ mcp: false });
  rmSync(s.tree.abs(NODE));
  execFileSync('mkfifo', [s.tree.abs(NODE)]);
});
afterAll(async () => {
  await s?.stop();
});

describe('a node file that became a FIFO after the scan', () => {
  it('answers include=body without a body, again and again, and the server keeps reading files', async () => {
    const url = `${s.running.url}/api/nodes/${Buffer.from(NODE).toString('base64url')}?include=body`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const r = await fetch(url);
        const body = (await r.json()) as { item: { path: string; body?: unknown } };
        return { status: r.status, path: body.item.path, body: body.item.body ?? null };
      }),
    );
    expect(answers).toEqual(Array(6).fill({ status: 200, path: NODE, body: null }));
    const other = await fetch(
      `${s.running.url}/api/nodes/${Buffer.from('README.md').toString('base64url')}?include=body`,
    );
    expect(((await other.json()) as { item: { body: string } }).item.body).toContain('Start with');
  });
});
