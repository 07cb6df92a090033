import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { GENERIC_PROCEDURE_SPEC, INTERCODE_CTF_SPEC } from '@skillstate/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempProject, TEST_SPEC } from '../test/support/fixtures.js';
import type { TempProject } from '../test/support/fixtures.js';
import { launch } from './launch.js';
import type { LaunchArgs } from './launch.js';
import type { McpServer } from './server.js';

let project: TempProject;
let cwd: string;
let server: McpServer | undefined;
const savedCwd = process.cwd();
const ENV_KEYS = ['SKILLSTATE_SPEC_PATH', 'SKILLSTATE_AGENT_ID', 'HOME'] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));

beforeEach(() => {
  project = tempProject();
  cwd = realpathSync(project.dir);
  process.chdir(cwd);
  delete process.env['SKILLSTATE_SPEC_PATH'];
  delete process.env['SKILLSTATE_AGENT_ID'];
});
afterEach(() => {
  server?.stop();
  server = undefined;
  process.chdir(savedCwd);
  for (const key of ENV_KEYS) {
    if (savedEnv[key] === undefined) delete process.env[key];
    else process.env[key] = savedEnv[key];
  }
  project.cleanup();
});

async function start(args: LaunchArgs = {}) {
  const input = new PassThrough();
  const output = new PassThrough();
  server = await launch({ input, output, installInterruptHandler: false, ...args });
  const call = async (name: string, toolArgs: Record<string, unknown> = {}) => {
    input.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: toolArgs } })}\n`,
    );
    const line: string = await new Promise((resolve) =>
      output.once('data', (chunk) => resolve(String(chunk))),
    );
    return JSON.parse(JSON.parse(line).result.content[0].text);
  };
  return { call, input, output };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('launch: spec resolution', () => {
  it('prefers the spec argument', async () => {
    const { call } = await start({ spec: INTERCODE_CTF_SPEC, specPath: 'nope.json' });
    expect((await call('spec.get')).id).toBe('intercode-ctf');
  });

  it('then specPath (relative to the cwd), then SKILLSTATE_SPEC_PATH', async () => {
    writeFileSync(join(cwd, 'a.json'), JSON.stringify({ ...TEST_SPEC, id: 'from-path' }));
    writeFileSync(join(cwd, 'b.json'), JSON.stringify({ ...TEST_SPEC, id: 'from-env' }));
    process.env['SKILLSTATE_SPEC_PATH'] = join(cwd, 'b.json');
    expect((await (await start({ specPath: 'a.json' })).call('spec.get')).id).toBe('from-path');
    server?.stop();
    expect((await (await start()).call('spec.get')).id).toBe('from-env');
  });

  it('then <cwd>/skill-spec.json, then the generic procedure spec', async () => {
    expect((await (await start()).call('spec.get')).id).toBe(GENERIC_PROCEDURE_SPEC.id);
    server?.stop();
    writeFileSync(join(cwd, 'skill-spec.json'), JSON.stringify({ ...TEST_SPEC, id: 'project' }));
    expect((await (await start()).call('spec.get')).id).toBe('project');
  });

  it('rejects a named or present spec that cannot be used, naming the file', async () => {
    await expect(start({ specPath: 'missing.json' })).rejects.toThrow(
      `spec file ${join(cwd, 'missing.json')} cannot be read`,
    );
    writeFileSync(join(cwd, 'skill-spec.json'), '{"id":"x"}');
    await expect(start()).rejects.toThrow(
      /^spec file .*skill-spec.json is not a valid spec: "name" must be a non-empty string/,
    );
  });
});

describe('launch: state location, agent, session stamp', () => {
  it('resolves the state from the cwd and stamps running once the server listens', async () => {
    project.init({ goal: 'here' });
    const { call } = await start();
    expect(await call('state.get')).toEqual({ goal: 'here' });
    await settle();
    const meta = JSON.parse(readFileSync(join(cwd, '.skillstate', '.session-meta.json'), 'utf8'));
    expect(meta).toMatchObject({ status: 'running', agentId: '' });
    expect(meta).not.toHaveProperty('protocolVersion');
  });

  it('records the negotiated revision, not the newest, once initialize is answered after the stamp', async () => {
    project.init();
    const { input, output } = await start();
    await settle();
    input.write(
      '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}\n',
    );
    await new Promise((resolve) => output.once('data', resolve));
    await settle();
    expect(JSON.parse(readFileSync(join(cwd, '.skillstate', '.session-meta.json'), 'utf8'))).toMatchObject({
      status: 'running',
      protocolVersion: '2025-03-26',
    });
  });

  it('uses the global bucket when the cwd is the home directory', async () => {
    process.env['HOME'] = cwd;
    mkdirSync(join(cwd, '.skillstate', 'global'), { recursive: true });
    const { call } = await start();
    expect((await call('state.summary')).session.statePath).toBe(
      join(cwd, '.skillstate', 'global', 'skillstate.json'),
    );
  });

  it('takes the agent from SKILLSTATE_AGENT_ID, and rejects one that sanitises to nothing', async () => {
    project.init();
    process.env['SKILLSTATE_AGENT_ID'] = 'worker 1';
    const { call } = await start();
    expect((await call('state.summary')).session.statePath).toBe(
      join(cwd, '.skillstate', 'agents', 'worker-1', 'skillstate.json'),
    );
    await settle();
    expect(existsSync(join(cwd, '.skillstate', 'agents', 'worker-1', '.session-meta.json'))).toBe(true);
    server?.stop();
    process.env['SKILLSTATE_AGENT_ID'] = '!!!';
    await expect(start()).rejects.toThrow('Invalid agent id: !!!');
  });

  it('skips the stamp and creates nothing while the project is not initialised', async () => {
    await start();
    await settle();
    expect(project.files()).toEqual([]);
  });

  it('installs the interrupt handler unless told not to; stop() removes it', async () => {
    const before = process.listenerCount('SIGINT');
    server = await launch({ input: new PassThrough(), output: new PassThrough() });
    expect(process.listenerCount('SIGINT')).toBe(before + 1);
    server.stop();
    expect(process.listenerCount('SIGINT')).toBe(before);
  });
});
