// A signal at any moment after the bin answers its first byte has the outcome of a signal later: exit 130 and
// the session stamped `interrupted`. The early handshake answers while the server is still loading, which is
// exactly when a host that gives up (or a user's Ctrl-C) sends the signal.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempProject, TEST_SPEC } from './support/fixtures.js';
import type { TempProject } from './support/fixtures.js';
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
const INITIALIZED = '{"jsonrpc":"2.0","method":"notifications/initialized"}\n';
const TOOLS_LIST = '{"jsonrpc":"2.0","id":2,"method":"tools/list"}\n';

const meta = () =>
  JSON.parse(readFileSync(join(project.root, '.session-meta.json'), 'utf8')) as Record<string, unknown>;

function initialised(): TempProject {
  const p = tempProject();
  p.init();
  writeFileSync(join(p.dir, 'skill-spec.json'), JSON.stringify(TEST_SPEC));
  return p;
}

/** Sends `signal` in the same tick as the first stdout byte after `lines` lines: no time for anything else. */
function killOnLine(server: ServerChild, lines: number, signal: NodeJS.Signals): void {
  let seen = 0;
  const onData = (chunk: Buffer): void => {
    seen += chunk.toString('utf8').split('\n').length - 1;
    if (seen < lines) return;
    server.child.stdout.off('data', onData);
    server.child.kill(signal);
  };
  server.child.stdout.on('data', onData);
}

const MOMENTS: Array<[string, (server: ServerChild, signal: NodeJS.Signals) => void]> = [
  [
    'the moment the initialize answer arrives',
    (server, signal) => {
      killOnLine(server, 1, signal);
      server.send(INITIALIZE);
    },
  ],
  [
    'the moment the initialize answer arrives, with a request still queued behind it',
    (server, signal) => {
      killOnLine(server, 1, signal);
      server.send(INITIALIZE + INITIALIZED + '{"jsonrpc":"2.0","id":9,"method":"ping"}\n');
    },
  ],
  [
    'the moment the tools/list answer arrives',
    (server, signal) => {
      killOnLine(server, 2, signal);
      server.send(INITIALIZE);
      void server.waitForLines(1).then(() => server.send(INITIALIZED + TOOLS_LIST));
    },
  ],
];

describe('early signals (built bin)', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    for (const [moment, act] of MOMENTS) {
      it(`${signal} at ${moment}: exits 130 and stamps interrupted`, async () => {
        project = initialised();
        const server = spawnServer(project.dir);
        act(server, signal);
        expect(await server.exited).toEqual({ code: 130, signal: null });
        expect(meta()).toMatchObject({ status: 'interrupted', agentId: '' });
      });
    }
  }

  it('an early signal in an uninitialised project exits 130 and creates nothing', async () => {
    project = tempProject();
    const server = spawnServer(project.dir);
    killOnLine(server, 1, 'SIGINT');
    server.send(INITIALIZE);
    expect(await server.exited).toEqual({ code: 130, signal: null });
    expect(project.files()).toEqual([]);
  });
});

describe('temp files a killed writer left behind (built bin)', () => {
  it('are removed on the next write; a live writer’s temp file and other names are kept', async () => {
    project = initialised();
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      const orphan = `skillstate.json.tmp.${dead}.k2j4h5`;
      const kept = [
        `skillstate.json.tmp.${live.pid}.a1b2c3`,
        `other.json.tmp.${dead}.a1b2c3`,
        'skillstate.json.tmp.notours',
      ];
      for (const name of [orphan, ...kept]) writeFileSync(join(project.root, name), '{"torn');
      const server = spawnServer(project.dir);
      server.send(
        '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"state.patch","arguments":{"patch":{"goal":"g"}}}}\n',
      );
      await server.waitForLines(1);
      server.child.stdin.end();
      await server.exited;
      const names = readdirSync(project.root);
      expect(names).not.toContain(orphan);
      for (const name of kept) expect(names).toContain(name);
      expect(JSON.parse(readFileSync(project.statePath, 'utf8'))).toMatchObject({ state: { goal: 'g' } });
    } finally {
      live.kill('SIGKILL');
    }
  });
});
