import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, tree, withoutBackups } from '../../test/support/sandbox.js';
import type { Sandbox } from '../../test/support/sandbox.js';
import { STATE_DIR_GITIGNORE } from './project-files.js';

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const OTHER_MCP =
  '{\n  "mcpServers": {\n    "github": { "command": "gh-mcp", "args": ["--stdio"] }\n  }\n}\n';
const OPENCODE =
  '{\n  // team settings\n  "$schema": "https://opencode.ai/config.json",\n  "theme": "dark", // dark\n}\n';
const CURSOR = '{\n\t"mcpServers": {}\n}';

function seedProject(): Record<string, string> {
  sb.write('project/.mcp.json', OTHER_MCP);
  sb.write('project/opencode.jsonc', OPENCODE);
  sb.write('project/.cursor/mcp.json', CURSOR);
  sb.write('project/src/app.ts', 'export {};\n');
  return tree(sb.project);
}

describe('skillstate uninstall', () => {
  it('restores every pre-existing file byte for byte and removes what init created', async () => {
    const original = seedProject();
    expect((await sb.run(['init', '--host', 'all'])).code).toBe(0);
    expect(sb.read('project/.mcp.json')).not.toBe(OTHER_MCP);
    const r = await sb.run(['uninstall']);
    expect(r.code).toBe(0);
    const after = withoutBackups(tree(sb.project));
    // The state is the user's data and stays, with the .gitignore that keeps it out of commits; everything
    // else is as before init.
    expect(after).toEqual({
      ...original,
      '.skillstate': '<dir>',
      '.skillstate/.gitignore': STATE_DIR_GITIGNORE,
      '.skillstate/skillstate.json': '{\n  "version": 1,\n  "state": {}\n}\n',
    });
    expect(r.stdout).toContain('restored .mcp.json (claude: original bytes from .mcp.json.bak.');
    expect(r.stdout).toContain('restored opencode.jsonc');
    expect(r.stdout).toContain('restored .cursor/mcp.json');
    expect(r.stdout).toContain('removed the empty directory .claude');
  });

  it('with --remove-state also deletes .skillstate, leaving the project as it was', async () => {
    const original = seedProject();
    await sb.run(['init', '--host', 'claude,cursor,opencode']);
    sb.write('project/.skillstate/checkpoints/1-x.json', '{}');
    expect((await sb.run(['uninstall', '--remove-state'])).code).toBe(0);
    expect(withoutBackups(tree(sb.project))).toEqual(original);
  });

  it('removes only our entry when the user changed the file after init, backing up their version', async () => {
    sb.write('project/opencode.jsonc', OPENCODE);
    await sb.run(['init', '--host', 'opencode']);
    const edited = sb.read('project/opencode.jsonc').replace('"theme": "dark",', '"theme": "light",');
    sb.write('project/opencode.jsonc', edited);
    const r = await sb.run(['uninstall']);
    expect(r.code).toBe(0);
    expect(sb.read('project/opencode.jsonc')).toBe(OPENCODE.replace('"theme": "dark",', '"theme": "light",'));
    expect(r.stdout).toContain('updated opencode.jsonc (opencode: mcp.skillstate removed)');
    const backups = readdirSync(sb.project).filter((f) => f.startsWith('opencode.jsonc.bak.'));
    expect(backups.map((b) => sb.read(`project/${b}`))).toContain(edited);
  });

  it('keeps a file it created when the user added their own server to it', async () => {
    await sb.run(['init', '--host', 'claude']);
    const withOther = JSON.parse(sb.read('project/.mcp.json'));
    withOther.mcpServers.mine = { command: 'mine' };
    sb.write('project/.mcp.json', JSON.stringify(withOther, null, 2));
    expect((await sb.run(['uninstall'])).code).toBe(0);
    expect(JSON.parse(sb.read('project/.mcp.json'))).toEqual({ mcpServers: { mine: { command: 'mine' } } });
  });

  it('keeps the skill and the spec when they were edited after init', async () => {
    await sb.run(['init', '--host', 'cursor']);
    sb.write('project/.claude/skills/skillstate/SKILL.md', 'customised\n');
    sb.write('project/skill-spec.json', '{"id": "mine"}');
    const r = await sb.run(['uninstall']);
    expect(r.stdout).toContain('kept .claude/skills/skillstate/SKILL.md (changed since skillstate wrote it)');
    expect(r.stdout).toContain('kept skill-spec.json (changed since skillstate wrote it)');
    expect(sb.read('project/.claude/skills/skillstate/SKILL.md')).toBe('customised\n');
    expect(existsSync(join(sb.project, '.cursor'))).toBe(false);
  });

  it('reports a file already gone, and a config without our entry, and carries on', async () => {
    await sb.run(['init', '--host', 'claude']);
    sb.write('project/.mcp.json', '{}');
    await sb.run([]); // a usage error in between changes nothing
    const skill = join(sb.project, '.claude', 'skills', 'skillstate', 'SKILL.md');
    rmSync(skill);
    const r = await sb.run(['uninstall']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('already gone: .claude/skills/skillstate/SKILL.md');
    expect(r.stdout).toContain('no skillstate entry left in .mcp.json; left as is');
    expect(sb.read('project/.mcp.json')).toBe('{}');
  });

  it('writes nothing with --dry-run', async () => {
    seedProject();
    await sb.run(['init', '--host', 'all']);
    const before = tree(sb.root);
    const r = await sb.run(['uninstall', '--dry-run']);
    expect(r.code).toBe(0);
    expect(tree(sb.root)).toEqual(before);
    expect(
      r.stdout
        .trimEnd()
        .split('\n')
        .every((l) => l.startsWith('[dry-run] ')),
    ).toBe(true);
    expect(r.stdout).toContain('[dry-run] would delete .skillstate/install-manifest.json');
  });

  it('fails with exit 1 without a manifest, including a second uninstall', async () => {
    const none = await sb.run(['uninstall']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('skillstate: no install manifest at .skillstate/install-manifest.json');
    await sb.run(['init', '--host', 'claude']);
    expect((await sb.run(['uninstall'])).code).toBe(0);
    expect((await sb.run(['uninstall'])).code).toBe(1);
  });

  it.each([
    ['not JSON', '{'],
    ['an old version', JSON.stringify({ version: 1, installedAt: 'x', statePath: 'x', hosts: {} })],
    [
      'a path outside the project',
      JSON.stringify({
        version: 2,
        scope: 'project',
        installedAt: 'x',
        server: { command: 'x', args: [] },
        hosts: {},
        files: { '../outside.txt': { kind: 'skill', action: 'created', writtenSha256: 'x' } },
        createdDirs: [],
      }),
    ],
  ])('refuses a corrupt manifest (%s) with exit 1 and touches nothing', async (_why, text) => {
    sb.write('project/.skillstate/install-manifest.json', text);
    sb.write('outside.txt', 'precious');
    const before = tree(sb.root);
    const r = await sb.run(['uninstall']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^skillstate: corrupt install manifest at .*install-manifest\.json/);
    expect(tree(sb.root)).toEqual(before);
  });

  it('refuses when a config became invalid, changing nothing at all', async () => {
    await sb.run(['init', '--host', 'claude,cursor']);
    sb.write('project/.cursor/mcp.json', '{ broken');
    const before = tree(sb.root);
    const r = await sb.run(['uninstall']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/\.cursor\/mcp\.json is not valid JSON/);
    expect(tree(sb.root)).toEqual(before);
  });

  it('undoes two inits with different hosts in one go', async () => {
    const original = seedProject();
    await sb.run(['init', '--host', 'claude']);
    await sb.run(['init', '--host', 'opencode']);
    expect(Object.keys(JSON.parse(sb.read('project/.skillstate/install-manifest.json')).hosts)).toEqual([
      'claude',
      'opencode',
    ]);
    await sb.run(['uninstall', '--remove-state']);
    expect(withoutBackups(tree(sb.project))).toEqual(original);
  });

  it('restores the original after a re-init with another command (first backup wins)', async () => {
    const original = seedProject();
    await sb.run(['init', '--host', 'claude']);
    await sb.run(['init', '--host', 'claude', '--command', 'other-server']);
    await sb.run(['uninstall', '--remove-state']);
    expect(withoutBackups(tree(sb.project))).toEqual(original);
  });

  it('never restores an old backup over edits made between two inits', async () => {
    sb.write('project/.mcp.json', OTHER_MCP);
    await sb.run(['init', '--host', 'claude']);
    const withMine = JSON.parse(sb.read('project/.mcp.json'));
    withMine.mcpServers.mine = { command: 'mine' };
    sb.write('project/.mcp.json', JSON.stringify(withMine, null, 2));
    await sb.run(['init', '--host', 'claude', '--command', 'other-server']);
    const r = await sb.run(['uninstall']);
    expect(r.stdout).toContain('updated .mcp.json (claude: mcpServers.skillstate removed)');
    expect(JSON.parse(sb.read('project/.mcp.json'))).toEqual({
      mcpServers: { github: { command: 'gh-mcp', args: ['--stdio'] }, mine: { command: 'mine' } },
    });
  });
});
