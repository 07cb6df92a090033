// scripts/install-bins.mjs: the documented way to put sm, skillstate and skillstate-mcp on the PATH from a clone.
// It installs into a temporary prefix; the bins then run from a project outside the repository with a PATH that
// holds nothing of the repository, the way a user's shell would.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = new URL('../../', import.meta.url).pathname.replace(/\/$/, '');
const SCRIPT = join(REPO, 'scripts/install-bins.mjs');
const built =
  existsSync(join(REPO, 'packages/skill-map/dist')) && existsSync(join(REPO, 'packages/skillstate-mcp/dist'));

let tmp: string;
let prefix: string;
let project: string;
let env: Record<string, string>;

function install(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [SCRIPT, '--prefix', prefix, ...args], { encoding: 'utf8', env });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function bin(name: string, args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(name, args, { cwd: project, encoding: 'utf8', env });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'install-bins-'));
  prefix = join(tmp, 'prefix');
  project = join(tmp, 'my-project');
  mkdirSync(join(project, '.claude', 'skills', 'review'), { recursive: true });
  writeFileSync(
    join(project, '.claude', 'skills', 'review', 'SKILL.md'),
    '---\nname: review\ndescription: Reviews a change.\n---\nRead [the guide](guide.md) first.\n',
  );
  writeFileSync(join(project, '.claude', 'skills', 'review', 'guide.md'), '# Guide\n');
  // No node_modules/.bin of the repository (npm test puts it on the PATH): only the prefix and the system.
  const path = (process.env.PATH ?? '').split(delimiter).filter((dir) => !dir.startsWith(REPO));
  env = { ...(process.env as Record<string, string>), PATH: [join(prefix, 'bin'), ...path].join(delimiter) };
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// A cap for a loaded machine, not a speed check: each install packs the workspaces and installs the packs.
describe.skipIf(!built)('scripts/install-bins.mjs (built workspaces)', { timeout: 240_000 }, () => {
  it('installs the three bins into PREFIX/bin, and they run outside the repository', async () => {
    const run = install();
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    for (const name of ['sm', 'skillstate', 'skillstate-mcp']) {
      expect(lstatSync(join(prefix, 'bin', name)).isSymbolicLink()).toBe(true);
    }

    const version = bin('sm', ['version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(
      JSON.parse(readFileSync(join(REPO, 'packages/skill-map/package.json'), 'utf8')).version,
    );

    const scan = bin('sm', ['scan']);
    expect(scan.stderr).toMatch(/^done in (\d+ms|\d+\.\ds)\n$/);
    expect(scan.code).toBe(0);
    expect(scan.stdout).toMatch(/^scanned 2 nodes, 1 links, /);
    expect(existsSync(join(project, '.skill-map', 'skill-map.db'))).toBe(true);
    expect(bin('sm', ['list', '--json']).stdout).toContain('.claude/skills/review/SKILL.md');

    expect(bin('skillstate', ['--help']).stdout).toContain('skillstate');

    // The MCP server, as a host would start it: by its bare name on the PATH.
    const client = new Client({ name: 'install-bins-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({ command: 'skillstate-mcp', cwd: project, env, stderr: 'pipe' }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('state.get');
    } finally {
      await client.close();
    }
  });

  it('installs again over itself, refuses to replace a file that is not its own link, and uninstalls', () => {
    expect(install().code).toBe(0);
    expect(bin('sm', ['version']).code).toBe(0);

    const foreign = join(prefix, 'bin', 'sm');
    rmSync(foreign);
    writeFileSync(foreign, '#!/bin/sh\necho mine\n');
    const refused = install();
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${foreign} exists and is not a link of ours`);
    expect(readFileSync(foreign, 'utf8')).toContain('echo mine');

    const removed = install('--uninstall');
    expect(removed.code).toBe(0);
    expect(existsSync(join(prefix, 'bin', 'skillstate'))).toBe(false);
    expect(existsSync(join(prefix, 'bin', 'skillstate-mcp'))).toBe(false);
    expect(existsSync(join(prefix, 'lib', 'agent-infra'))).toBe(false);
    expect(readFileSync(foreign, 'utf8')).toContain('echo mine');
  });
});
