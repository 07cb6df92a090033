// Issue 23, point 1 (CLI side): a host config, manifest or spec that is a symlink to /dev/zero must stop the real
// `skillstate` bin at once with one line naming the file and exit 1, writing nothing, instead of reading forever.
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const CLI_BIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'skillstate.js');
const NOT_REGULAR = 'it is a symbolic link to a character device, not a regular file';

let root: string;
let project: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'skillstate-cli-hostile-'));
  project = join(root, 'project');
  mkdirSync(join(root, 'home'));
  mkdirSync(project);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function skillstate(...argv: string[]): { status: number | null; stdout: string; stderr: string } {
  // A child that read /dev/zero would grow without end: the cap makes the old behaviour fail, not the machine.
  const r = spawnSync(process.execPath, ['--max-old-space-size=256', CLI_BIN, ...argv], {
    cwd: project,
    env: { ...process.env, HOME: join(root, 'home') },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('skillstate refuses a file that is a symlink to /dev/zero, naming it', () => {
  it('init with .mcp.json linked to /dev/zero: exit 1, one line, nothing written', () => {
    const config = join(project, '.mcp.json');
    symlinkSync('/dev/zero', config);
    const r = skillstate('init', '--host', 'claude', '--command', 'node');
    expect(r.stderr).toBe(`skillstate: ${config} cannot be read: ${NOT_REGULAR}\n`);
    expect(r.status).toBe(1);
    expect(readdirSync(project)).toEqual(['.mcp.json']);
    expect(lstatSync(config).isSymbolicLink()).toBe(true);
  });

  it('uninstall with the install manifest linked to /dev/zero: exit 1 naming it', () => {
    mkdirSync(join(project, '.skillstate'));
    const manifest = join(project, '.skillstate', 'install-manifest.json');
    symlinkSync('/dev/zero', manifest);
    const r = skillstate('uninstall');
    expect(r.stderr).toBe(`skillstate: ${manifest} cannot be read: ${NOT_REGULAR}\n`);
    expect(r.status).toBe(1);
  });

  it('init --spec naming a link to /dev/zero: exit 1 naming it', () => {
    const spec = join(project, 'my-spec.json');
    symlinkSync('/dev/zero', spec);
    const r = skillstate('init', '--host', 'claude', '--spec', 'my-spec.json', '--command', 'node');
    expect(r.stderr).toBe(`skillstate: spec file ${spec} cannot be read: ${NOT_REGULAR}\n`);
    expect(r.status).toBe(1);
  });
});
