// SIGINT/SIGTERM against the built bin: exit 130, the session recorded as interrupted unless already final.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempProject, TEST_SPEC } from './support/fixtures.js';
import type { TempProject } from './support/fixtures.js';
import { killAll, spawnServer } from './support/child.js';

let project: TempProject;
afterEach(async () => {
  await killAll();
  project.cleanup();
});

const meta = () =>
  JSON.parse(readFileSync(join(project.root, '.session-meta.json'), 'utf8')) as Record<string, unknown>;
const call = (id: number, name: string, args: Record<string, unknown>) =>
  `${JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } })}\n`;
const PING = '{"jsonrpc":"2.0","id":0,"method":"ping"}\n';
const INITIALIZE =
  '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}\n';

function initialised(): TempProject {
  const p = tempProject();
  p.init();
  writeFileSync(join(p.dir, 'skill-spec.json'), JSON.stringify(TEST_SPEC));
  return p;
}

describe('signals', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal}: exits 130 and records interrupted, re-pinning the diff baseline`, async () => {
      project = initialised();
      const server = spawnServer(project.dir);
      server.send(INITIALIZE);
      server.send(call(1, 'state.diff', {}));
      server.send(call(2, 'state.patch', { patch: { goal: 'survives' } }));
      await server.waitForLines(3);
      expect(meta()).toMatchObject({ status: 'running', lastActivityAt: expect.any(String) });
      server.child.kill(signal);
      expect(await server.exited).toEqual({ code: 130, signal: null });
      expect(meta()).toMatchObject({ status: 'interrupted', protocolVersion: '2025-06-18', agentId: '' });
      expect(JSON.parse(readFileSync(join(project.root, '.diff-baseline.json'), 'utf8'))).toEqual({
        goal: 'survives',
      });
    });
  }

  it('keeps completed after state.finalize', async () => {
    project = initialised();
    const server = spawnServer(project.dir);
    server.send(PING);
    server.send(call(1, 'state.finalize', { status: 'completed', result: 'done' }));
    await server.waitForLines(2);
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(130);
    expect(meta()).toMatchObject({ status: 'completed', result: 'done' });
  });

  it('exits 130 without creating anything in an uninitialised project', async () => {
    project = tempProject();
    const server = spawnServer(project.dir);
    server.send(PING);
    await server.waitForLines(1);
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(130);
    expect(project.files()).toEqual([]);
  });

  it('does not record an interrupt for a process that only answered a version probe', async () => {
    project = initialised();
    const server = spawnServer(project.dir);
    server.send(
      '{"jsonrpc":"2.0","id":"server-discover-probe-1","method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}\n',
    );
    await server.waitForLines(1);
    await new Promise((r) => setTimeout(r, 100));
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(130);
    expect(meta().status).toBe('running');
    expect(existsSync(join(project.root, '.diff-baseline.json'))).toBe(false);
  });

  it('exits 0 on end of input, leaving the session running', async () => {
    project = initialised();
    const server = spawnServer(project.dir);
    server.send(PING);
    await server.waitForLines(1);
    server.child.stdin.end();
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(meta().status).toBe('running');
  });
});

describe('startup failures', () => {
  it('prints one line naming the spec file and the problem, and exits 1', async () => {
    project = tempProject();
    writeFileSync(join(project.dir, 'skill-spec.json'), '{"id": ');
    const server = spawnServer(project.dir);
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.stderr()).toMatch(
      new RegExp(`^skillstate-mcp: spec file .*skill-spec\\.json is not valid JSON: [^\\n]+\\n$`),
    );
    expect(server.lines).toEqual([]);
  });

  it('refuses a named spec file that does not exist, even when a project spec exists', async () => {
    project = initialised();
    const server = spawnServer(project.dir, { SKILLSTATE_SPEC_PATH: 'missing.json' });
    expect((await server.exited).code).toBe(1);
    expect(server.stderr()).toContain(`spec file ${join(project.dir, 'missing.json')} cannot be read`);
  });

  it('refuses an agent id that sanitises to nothing', async () => {
    project = initialised();
    const server = spawnServer(project.dir, { SKILLSTATE_AGENT_ID: '...' });
    expect((await server.exited).code).toBe(1);
    expect(server.stderr()).toBe('skillstate-mcp: Invalid agent id: ...\n');
  });
});
