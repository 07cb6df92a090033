// Issue 23, point 1: a committed `.skillstate/skillstate.json` that is a symlink to /dev/zero made the real
// `skillstate-mcp` grow past 1.5 GB until killed. Every file the server reads is now checked to be a regular
// file and read with a size cap: the client gets one clear error naming the path, at once, in little memory.
// Runs the built bin (`npx tsc -b` first).
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
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

const INITIALIZE = `${JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } },
})}\n`;

function callLine(id: number, name: string, args: Record<string, unknown> = {}): string {
  return `${JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } })}\n`;
}

/** The tool reply with this id, once it arrived. */
async function reply(server: ServerChild, id: number): Promise<{ text: string; isError: boolean }> {
  for (let seen = 1; ; seen++) {
    const lines = await server.waitForLines(seen);
    const found = lines.map((l) => JSON.parse(l)).find((m: Json) => m.id === id);
    if (found !== undefined) {
      return { text: found.result.content[0].text as string, isError: found.result.isError === true };
    }
  }
}

/** Peak resident memory of a live child, in MiB (Linux /proc; undefined elsewhere). */
function peakRssMiB(pid: number | undefined): number | undefined {
  if (process.platform !== 'linux' || pid === undefined) return undefined;
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match === null ? undefined : Number(match[1]) / 1024;
}

const NOT_REGULAR = 'it is a symbolic link to a character device, not a regular file';

describe('a state file that is a symlink to /dev/zero', () => {
  it('answers state.get with one clear error naming the file, and the process stays small', async () => {
    project = tempProject();
    mkdirSync(project.root);
    symlinkSync('/dev/zero', project.statePath);
    const server = spawnServer(project.dir);
    server.send(INITIALIZE + callLine(2, 'state.get'));
    const got = await reply(server, 2);
    expect(got.isError).toBe(true);
    expect(got.text).toContain(`state file ${project.statePath} cannot be used: ${NOT_REGULAR}`);
    expect(peakRssMiB(server.child.pid) ?? 0).toBeLessThan(200);
    // Still serving, and the link was not replaced by a write.
    server.send(callLine(3, 'state.patch', { patch: { goal: 'x' } }));
    expect((await reply(server, 3)).text).toContain(`state file ${project.statePath} cannot be used`);
    expect(lstatSync(project.statePath).isSymbolicLink()).toBe(true);
  });

  it('state.rollback recovers: the link is moved aside unread and the checkpoint restored', async () => {
    project = tempProject();
    project.init({ goal: 'kept' });
    const server = spawnServer(project.dir);
    server.send(INITIALIZE + callLine(2, 'state.checkpoint', { label: 'good' }));
    expect((await reply(server, 2)).isError).toBe(false);
    rmSync(project.statePath);
    symlinkSync('/dev/zero', project.statePath);
    server.send(callLine(3, 'state.rollback'));
    const rolled = JSON.parse((await reply(server, 3)).text);
    expect(rolled.state).toEqual({ goal: 'kept' });
    expect(lstatSync(rolled.preservedUnreadableFile as string).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(project.statePath, 'utf8'))).toEqual({
      version: 1,
      state: { goal: 'kept' },
    });
  });
});

describe('the other files the server reads', () => {
  it('a spec file linked to /dev/zero stops startup with one stderr line naming it', async () => {
    project = tempProject();
    const spec = join(project.dir, 'skill-spec.json');
    symlinkSync('/dev/zero', spec);
    const server = spawnServer(project.dir);
    expect((await server.exited).code).toBe(1);
    expect(server.stderr()).toBe(`skillstate-mcp: spec file ${spec} cannot be read: ${NOT_REGULAR}\n`);
  });

  it('a session sidecar, a checkpoint and a diff baseline linked to /dev/zero are errors naming them', async () => {
    project = tempProject();
    project.init();
    const meta = join(project.root, '.session-meta.json');
    const checkpoint = join(project.root, 'checkpoints', '1-x.json');
    const baseline = join(project.root, '.diff-baseline.json');
    mkdirSync(join(project.root, 'checkpoints'));
    for (const path of [meta, checkpoint, baseline]) symlinkSync('/dev/zero', path);
    const server = spawnServer(project.dir);
    server.send(
      INITIALIZE +
        callLine(2, 'state.summary') +
        callLine(3, 'state.checkpoint') +
        callLine(4, 'state.diff') +
        callLine(5, 'state.get'),
    );
    expect(await reply(server, 2)).toEqual({
      isError: true,
      text: `Error: ${meta} cannot be read: ${NOT_REGULAR}`,
    });
    expect((await reply(server, 3)).text).toBe(`Error: ${checkpoint} cannot be read: ${NOT_REGULAR}`);
    expect((await reply(server, 4)).text).toBe(`Error: ${baseline} cannot be read: ${NOT_REGULAR}`);
    expect(await reply(server, 5)).toEqual({ isError: false, text: '{}' });
    expect(peakRssMiB(server.child.pid) ?? 0).toBeLessThan(200);
    expect(existsSync(join(project.root, 'checkpoints', '2-checkpoint.json'))).toBe(false);
  });

  it('an oversized state file is refused by size, unread', async () => {
    project = tempProject();
    mkdirSync(project.root);
    writeFileSync(project.statePath, '');
    truncateSync(project.statePath, 64 * 1024 * 1024);
    const server = spawnServer(project.dir);
    server.send(INITIALIZE + callLine(2, 'state.get'));
    const got = await reply(server, 2);
    expect(got.text).toContain(
      `state file ${project.statePath} cannot be used: it is 67108864 bytes, over the`,
    );
    expect(peakRssMiB(server.child.pid) ?? 0).toBeLessThan(200);
  });
});
