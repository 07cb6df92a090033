// Issue 23, point 11: `skillstate init` registered `npx -y @skillstate/mcp@^3`, a package that is not on the
// registry (and whoever published it would be run). It now registers the installed `skillstate-mcp`, refuses to
// register it when it is not on the PATH, and `skillstate status` starts each registered command and completes a
// handshake, saying per host whether it starts. Real bins, real child processes, real PATHs.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI_BIN, pathWithServer, pathWithoutServer } from './support/path-bin.js';

let root: string;
let home: string;
let project: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'skillstate-status-'));
  home = join(root, 'home');
  project = join(root, 'project');
  mkdirSync(home);
  mkdirSync(project);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function skillstate(path: string, ...argv: string[]): Run {
  const r = spawnSync(process.execPath, [CLI_BIN, ...argv], {
    cwd: project,
    env: { HOME: home, PATH: path },
    encoding: 'utf8',
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function registerRaw(file: string, entry: Record<string, unknown>): void {
  mkdirSync(join(project, file, '..'), { recursive: true });
  writeFileSync(join(project, file), JSON.stringify({ mcpServers: { skillstate: entry } }));
}

describe('skillstate init registers the installed skillstate-mcp', () => {
  it('with it on the PATH: every project host gets `skillstate-mcp`, and status says each one starts', () => {
    const path = pathWithServer(root);
    const init = skillstate(path, 'init', '--host', 'claude,cursor,opencode');
    expect(init.stderr).toBe('');
    expect(init.status).toBe(0);
    expect(JSON.parse(readFileSync(join(project, '.mcp.json'), 'utf8')).mcpServers.skillstate).toEqual({
      type: 'stdio',
      command: 'skillstate-mcp',
      args: [],
    });
    expect(JSON.parse(readFileSync(join(project, 'opencode.json'), 'utf8')).mcp.skillstate.command).toEqual([
      'skillstate-mcp',
    ]);
    const status = skillstate(path, 'status');
    expect(status.stderr).toBe('');
    const lines = status.stdout.trimEnd().split('\n');
    expect(lines).toEqual([
      'claude (.mcp.json): starts: skillstate 0.1.0 answered initialize (protocol 2025-06-18); ' +
        'command: skillstate-mcp',
      expect.stringMatching(/^cursor \(\.cursor\/mcp\.json\): starts: /),
      expect.stringMatching(/^opencode \(opencode\.json\): starts: /),
      'all 3 registered hosts start the server',
    ]);
    expect(status.status).toBe(0);
  });

  it('status records nothing in the session of the project it checks', () => {
    const path = pathWithServer(root);
    expect(skillstate(path, 'init', '--host', 'claude').status).toBe(0);
    const meta = join(project, '.skillstate', '.session-meta.json');
    writeFileSync(meta, '{"status":"completed","result":"done"}');
    expect(skillstate(path, 'status').status).toBe(0);
    expect(readFileSync(meta, 'utf8')).toBe('{"status":"completed","result":"done"}');
  });

  it('without it on the PATH: init says how to install it and writes nothing', () => {
    const init = skillstate(pathWithoutServer(), 'init', '--host', 'claude');
    expect(init.status).toBe(1);
    expect(init.stderr).toContain(
      'skillstate: skillstate-mcp is not on your PATH, so your hosts could not start',
    );
    expect(init.stderr).toContain('npm run install:bins');
    expect(readdirSync(project)).toEqual([]);
  });
});

describe('skillstate status reports per host why a registered command does not start', () => {
  it('a PATH without skillstate-mcp: not found, with the way to install it', () => {
    expect(skillstate(pathWithServer(root), 'init', '--host', 'claude').status).toBe(0);
    const status = skillstate(pathWithoutServer(), 'status');
    expect(status.stdout).toContain(
      'claude (.mcp.json): does not start: skillstate-mcp was not found on the PATH; command: skillstate-mcp',
    );
    expect(status.stdout).toContain('0 of 1 registered hosts start the server');
    expect(status.stdout).toContain('to put skillstate-mcp on the PATH, install the tools');
    expect(status.status).toBe(1);
  });

  it('a registered command that does not exist, by name and by path', () => {
    registerRaw('.mcp.json', { command: 'no-such-skillstate-server', args: [] });
    registerRaw(join('.cursor', 'mcp.json'), { command: './tools/missing-server', args: ['--x'] });
    const status = skillstate(pathWithoutServer(), 'status');
    expect(status.stdout).toContain(
      'claude (.mcp.json): does not start: no-such-skillstate-server was not found on the PATH',
    );
    expect(status.stdout).toContain(
      'cursor (.cursor/mcp.json): does not start: ./tools/missing-server does not exist',
    );
    expect(status.status).toBe(1);
  });

  it('a server that answers initialize and then dies (an unusable spec) does not count as starting', () => {
    const path = pathWithServer(root);
    expect(skillstate(path, 'init', '--host', 'claude').status).toBe(0);
    writeFileSync(join(project, 'skill-spec.json'), '{"id": ');
    const status = skillstate(path, 'status');
    expect(status.stdout).toContain(
      'claude (.mcp.json): does not start: exited with code 1 before answering a ping after initialize ' +
        `(it printed: skillstate-mcp: spec file ${join(project, 'skill-spec.json')} is not valid JSON`,
    );
    expect(status.status).toBe(1);
  });

  it('a server that never answers: stopped after --timeout', () => {
    registerRaw('.mcp.json', { command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] });
    const status = skillstate(pathWithoutServer(), 'status', '--timeout', '0.5');
    expect(status.stdout).toContain(
      'claude (.mcp.json): does not start: no answer to initialize within 0.5 s',
    );
    expect(status.status).toBe(1);
  });

  it('never starts the npx @skillstate/mcp entry an older init wrote', () => {
    const marker = join(root, 'ran');
    registerRaw('.mcp.json', { command: 'npx', args: ['-y', '@skillstate/mcp@^3'] });
    // If it were started, this fake npx would leave a file behind.
    const fakeBin = join(root, 'fake-npx');
    mkdirSync(fakeBin);
    writeFileSync(join(fakeBin, 'npx'), `#!/bin/sh\ntouch '${marker}'\n`, { mode: 0o755 });
    const status = skillstate(`${fakeBin}:${pathWithoutServer()}`, 'status');
    expect(status.stdout).toContain(
      'claude (.mcp.json): does not start: it downloads @skillstate/mcp from the npm registry',
    );
    expect(existsSync(marker)).toBe(false);
    expect(status.status).toBe(1);
  });

  it('no config registers skillstate: exit 1 and the way to set it up', () => {
    const status = skillstate(pathWithoutServer(), 'status');
    expect(status.stderr).toMatch(
      /^skillstate: no host config here registers skillstate \(checked \.mcp\.json, /,
    );
    expect(status.status).toBe(1);
  });
});
