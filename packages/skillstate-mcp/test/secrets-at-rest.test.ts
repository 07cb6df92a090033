// Issue 23, point 12: a `ghp_` token patched into state was stored in clear (only outputs were redacted). The
// real bin now redacts what it writes (state, checkpoints, baseline, session sidecar) with the output patterns,
// unless started with SKILLSTATE_KEEP_SECRETS=1. Runs the built bin (`npx tsc -b` first).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempProject } from './support/fixtures.js';
import type { Json, TempProject } from './support/fixtures.js';
import { killAll, spawnServer } from './support/child.js';
import type { ServerChild } from './support/child.js';

let project: TempProject;
afterEach(async () => {
  await killAll();
  project.cleanup();
});

// Assembled at run time, so no literal here looks like a live credential.
const TOKEN = `ghp_${'aB3dE5gH7jK9mN1pQ2rS4tU6vW8xY0zC1234'}`;

function call(id: number, name: string, args: Record<string, unknown> = {}): string {
  return `${JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } })}\n`;
}

async function replies(server: ServerChild, count: number): Promise<Json[]> {
  return (await server.waitForLines(count)).map((line) => JSON.parse(line));
}

/** Every file under the state directory, with its text. */
function filesOnDisk(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const path = join(root, name);
    if (statSync(path).isFile()) out[path] = readFileSync(path, 'utf8');
  }
  return out;
}

describe('a ghp_ token patched into state', () => {
  it('is not in any file on disk: state, checkpoint, baseline, sidecar', async () => {
    project = tempProject();
    project.init();
    const server = spawnServer(project.dir);
    server.send(
      call(1, 'state.patch', { patch: { notes: `deploy with ${TOKEN}`, goal: 'ship' } }) +
        call(2, 'state.checkpoint', { label: 'with-token' }) +
        call(3, 'state.diff') +
        call(4, 'state.finalize', { status: 'completed', result: `used ${TOKEN}` }),
    );
    const answers = await replies(server, 4);
    expect(answers.map((a) => a.result.isError ?? false)).toEqual([false, false, false, false]);
    const files = filesOnDisk(project.root);
    expect(Object.keys(files).length).toBeGreaterThanOrEqual(4);
    for (const [path, text] of Object.entries(files)) expect(text, path).not.toContain(TOKEN);
    expect(JSON.parse(readFileSync(project.statePath, 'utf8'))).toEqual({
      version: 1,
      state: { notes: 'deploy with [REDACTED]', goal: 'ship' },
    });
  });

  it('is kept in clear only when the server is started with SKILLSTATE_KEEP_SECRETS=1', async () => {
    project = tempProject();
    project.init();
    const server = spawnServer(project.dir, { SKILLSTATE_KEEP_SECRETS: '1' });
    server.send(call(1, 'state.patch', { patch: { notes: TOKEN } }));
    const [patched] = await replies(server, 1);
    expect(patched.result.content[0].text).not.toContain(TOKEN);
    expect(JSON.parse(readFileSync(project.statePath, 'utf8')).state.notes).toBe(TOKEN);
  });
});
