import { chmodSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { GENERIC_PROCEDURE_SPEC, INTERCODE_CTF_SPEC } from '@skillstate/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_NODE, MCP_BIN, createSandbox, tree } from '../../test/support/sandbox.js';
import type { Sandbox } from '../../test/support/sandbox.js';
import { SKILL_TEXT } from '../skill-text.js';

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const CLAUDE_MCP = `{
  "mcpServers": {
    "skillstate": {
      "type": "stdio",
      "command": "skillstate-mcp",
      "args": []
    }
  }
}
`;

/** What every project gets by default: the installed server, found on the PATH. */
const INSTALLED = { command: 'skillstate-mcp', args: [] };

/** Every file of the sandbox but the fake server on its PATH. */
function everything(): Record<string, string> {
  return Object.fromEntries(Object.entries(tree(sb.root)).filter(([path]) => !/^bin(\/|$)/.test(path)));
}

describe('skillstate init', () => {
  it('sets up a Claude Code project: state, spec, skill, .mcp.json and the manifest', async () => {
    const r = await sb.run(['init', '--host', 'claude']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(sb.read('project/.mcp.json')).toBe(CLAUDE_MCP);
    expect(sb.read('project/.skillstate/skillstate.json')).toBe('{\n  "version": 1,\n  "state": {}\n}\n');
    expect(JSON.parse(sb.read('project/skill-spec.json'))).toEqual(GENERIC_PROCEDURE_SPEC);
    expect(sb.read('project/.claude/skills/skillstate/SKILL.md')).toBe(SKILL_TEXT);
    const manifest = JSON.parse(sb.read('project/.skillstate/install-manifest.json'));
    expect(manifest).toMatchObject({
      version: 2,
      scope: 'project',
      statePath: '.skillstate/skillstate.json',
      server: INSTALLED,
      hosts: { claude: { mcp: { configPath: '.mcp.json', format: 'claude-mcp-json' } } },
    });
    expect(manifest.files['.mcp.json']).toMatchObject({
      kind: 'config',
      action: 'created',
      createdParent: true,
    });
    expect(Object.keys(tree(sb.home))).toEqual([]);
  });

  it('registers Cursor in .cursor/mcp.json as {command, args}', async () => {
    expect((await sb.run(['init', '--host=cursor'])).code).toBe(0);
    expect(JSON.parse(sb.read('project/.cursor/mcp.json'))).toEqual({
      mcpServers: { skillstate: INSTALLED },
    });
    expect(existsSync(join(sb.project, '.mcp.json'))).toBe(false);
  });

  it('creates opencode.json with mcp.skillstate and no plugin entry', async () => {
    expect((await sb.run(['init', '--host', 'opencode'])).code).toBe(0);
    expect(JSON.parse(sb.read('project/opencode.json'))).toEqual({
      mcp: { skillstate: { type: 'local', command: ['skillstate-mcp'], enabled: true } },
    });
  });

  it('edits an existing opencode.jsonc in place, comments kept, with a backup of the original', async () => {
    const original = '{\n  // project settings\n  "theme": "dark", /* why not */\n}\n';
    sb.write('project/opencode.jsonc', original);
    const r = await sb.run(['init', '--host', 'opencode']);
    expect(r.code).toBe(0);
    const text = sb.read('project/opencode.jsonc');
    // jsonc-parser inserts right after the last value, so the trailing comment now follows our entry.
    expect(text).toMatch(
      /^\{\n {2}\/\/ project settings\n {2}"theme": "dark",\n {2}"mcp": \{\n[^]*\n {2}\}, \/\* why not \*\/\n\}\n$/,
    );
    expect(existsSync(join(sb.project, 'opencode.json'))).toBe(false);
    const backups = readdirSync(sb.project).filter((f) => f.startsWith('opencode.jsonc.bak.'));
    expect(backups).toEqual(['opencode.jsonc.bak.2026-03-04T05-06-08-000Z']);
    expect(sb.read(`project/${backups[0]}`)).toBe(original);
    expect(r.stdout).toContain('backed up the previous opencode.jsonc to opencode.jsonc.bak.');
  });

  it('writes nothing for Codex in the project or home, and points to `skillstate install`', async () => {
    const r = await sb.run(['init', '--host', 'codex']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('run `skillstate install` once');
    expect(Object.keys(tree(sb.home))).toEqual([]);
    expect(Object.keys(tree(sb.project)).sort()).toEqual(
      [
        '.claude',
        '.claude/skills',
        '.claude/skills/skillstate',
        '.claude/skills/skillstate/SKILL.md',
        '.skillstate',
        '.skillstate/.gitignore',
        '.skillstate/install-manifest.json',
        '.skillstate/skillstate.json',
        'skill-spec.json',
      ].sort(),
    );
  });

  it('changes no byte when run again, and makes no new backup', async () => {
    sb.write('project/.mcp.json', '{"mcpServers": {"other": {"command": "x"}}}\n');
    sb.write('project/opencode.jsonc', '// hi\n{}\n');
    expect((await sb.run(['init', '--host', 'all'])).code).toBe(0);
    const before = everything();
    const again = await sb.run(['init', '--host', 'all']);
    expect(again.code).toBe(0);
    expect(everything()).toEqual(before);
    expect(again.stdout).toContain('nothing to change');
    const third = await sb.run(['init']);
    expect(third.stdout).toContain('using the hosts recorded by the previous init: claude, opencode, cursor');
    expect(everything()).toEqual(before);
  });

  it('writes nothing with --dry-run and prefixes every line', async () => {
    sb.write('project/.mcp.json', '{"mcpServers": {}}\n');
    sb.write('home/.cursor/settings.json', '{}');
    sb.write('home/.claude/settings.json', '{}');
    const before = everything();
    const r = await sb.run(['init', '--dry-run']);
    expect(r.code).toBe(0);
    expect(everything()).toEqual(before);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.filter((l) => !l.startsWith('[dry-run] '))).toEqual([]);
    expect(lines[0]).toBe('[dry-run] detected hosts: claude, cursor');
    expect(lines).toContain('[dry-run] would update .mcp.json (claude: mcpServers.skillstate)');
    expect(lines).toContain('[dry-run] would create .cursor/mcp.json (cursor: mcpServers.skillstate)');
  });

  it('detects hosts from home and project markers', async () => {
    sb.write('home/.config/opencode/opencode.json', '{}');
    sb.write('project/.cursor/rules/x.md', 'x');
    const r = await sb.run(['init']);
    expect(r.stdout.split('\n')[0]).toBe('detected hosts: opencode, cursor');
    expect(existsSync(join(sb.project, 'opencode.json'))).toBe(true);
    expect(existsSync(join(sb.project, '.cursor', 'mcp.json'))).toBe(true);
    expect(existsSync(join(sb.project, '.mcp.json'))).toBe(false);
  });

  it('fails with exit 1 and writes nothing when no host is detected', async () => {
    const r = await sb.run(['init']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'skillstate: no supported host detected (checked ~/.claude, ~/.codex, ~/.config/opencode, ~/.cursor, ' +
        '.claude/, .cursor/, opencode.json, opencode.jsonc); pass --host claude,codex,opencode,cursor (or all)\n',
    );
    expect(everything()).toEqual({ home: '<dir>', project: '<dir>' });
  });

  it('refuses an invalid config file before writing anything, naming it', async () => {
    sb.write('project/.cursor/mcp.json', '{ "mcpServers": { ');
    const before = everything();
    const r = await sb.run(['init', '--host', 'claude,cursor']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^skillstate: \.cursor\/mcp\.json is not valid JSONC \(.*\); fix it and re-run\n$/,
    );
    expect(everything()).toEqual(before);
  });

  it('replaces a differing skillstate entry, keeping other servers, and says so', async () => {
    const machineSpecific = {
      mcpServers: {
        other: { command: 'x' },
        skillstate: { type: 'stdio', command: FAKE_NODE, args: [MCP_BIN] },
      },
    };
    sb.write('project/.mcp.json', JSON.stringify(machineSpecific, null, 2));
    const r = await sb.run(['init', '--host', 'claude']);
    expect(r.stdout).toContain(
      'replaced .mcp.json (claude: a different mcpServers.skillstate entry was replaced with ours)',
    );
    expect(JSON.parse(sb.read('project/.mcp.json'))).toEqual({
      mcpServers: {
        other: { command: 'x' },
        skillstate: { type: 'stdio', ...INSTALLED },
      },
    });
  });

  it('copies a valid --spec file into skill-spec.json', async () => {
    sb.write('project/specs/ctf.json', JSON.stringify(INTERCODE_CTF_SPEC));
    expect((await sb.run(['init', '--host', 'claude', '--spec', 'specs/ctf.json'])).code).toBe(0);
    expect(sb.read('project/skill-spec.json')).toBe(`${JSON.stringify(INTERCODE_CTF_SPEC, null, 2)}\n`);
  });

  it('rejects an invalid or missing --spec with exit 1 and no writes', async () => {
    sb.write('project/bad.json', JSON.stringify({ id: 'x', name: 'x' }));
    const before = everything();
    const bad = await sb.run(['init', '--host', 'claude', '--spec=bad.json']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/bad\.json is not a valid spec/);
    const missing = await sb.run(['init', '--host', 'claude', '--spec', 'nope.json']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/nope\.json cannot be read/);
    expect(everything()).toEqual(before);
  });

  it('keeps an existing skill-spec.json and warns when --spec differs', async () => {
    sb.write('project/skill-spec.json', JSON.stringify(GENERIC_PROCEDURE_SPEC));
    sb.write('project/ctf.json', JSON.stringify(INTERCODE_CTF_SPEC));
    const r = await sb.run(['init', '--host', 'claude', '--spec', 'ctf.json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('warning: kept the existing skill-spec.json, which differs from ctf.json');
    expect(sb.read('project/skill-spec.json')).toBe(JSON.stringify(GENERIC_PROCEDURE_SPEC));
  });

  it('refuses to register skillstate-mcp when it is not on the PATH, saying how to install it', async () => {
    const before = everything();
    const r = await sb.run(['init', '--host', 'claude'], { env: { PATH: join(sb.root, 'empty') } });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('skillstate-mcp is not on your PATH');
    expect(r.stderr).toContain('`npm ci && npm run install:bins`');
    expect(r.stderr).toContain('Nothing was written.');
    expect(everything()).toEqual(before);
  });

  it('warns when skillstate-mcp is only on the PATH because npm put node_modules/.bin there', async () => {
    const npmBin = join(sb.root, 'project', 'node_modules', '.bin');
    sb.write('project/node_modules/.bin/skillstate-mcp', '#!/bin/sh\n');
    chmodSync(join(npmBin, 'skillstate-mcp'), 0o755);
    const r = await sb.run(['init', '--host', 'claude'], { env: { PATH: npmBin, npm_command: 'exec' } });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      `warning: skillstate-mcp was found in ${npmBin}, which npm puts on the PATH only`,
    );
  });

  it('registers a --command it cannot find, with a warning (the user chose it)', async () => {
    const r = await sb.run(['init', '--host', 'claude', '--command', 'my-own-server']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      'warning: my-own-server was not found (on the PATH or as a file); hosts cannot start it until it is\n',
    );
  });

  it('registers a custom --command split like a shell would', async () => {
    await sb.run(['init', '--host', 'claude', '--command', `skillstate-mcp "./my spec.json" '--log level'`]);
    expect(JSON.parse(sb.read('project/.mcp.json')).mcpServers.skillstate).toEqual({
      type: 'stdio',
      command: 'skillstate-mcp',
      args: ['./my spec.json', '--log level'],
    });
  });

  it('re-registers (with a backup) when the command changes', async () => {
    await sb.run(['init', '--host', 'cursor']);
    const r = await sb.run(['init', '--host', 'cursor', '--command', 'srv']);
    expect(r.stdout).toContain('replaced .cursor/mcp.json');
    expect(readdirSync(join(sb.project, '.cursor')).filter((f) => f.includes('.bak.'))).toHaveLength(1);
    expect(JSON.parse(sb.read('project/.skillstate/install-manifest.json')).server).toEqual({
      command: 'srv',
      args: [],
    });
  });

  it('leaves a SKILL.md written by someone else alone', async () => {
    sb.write('project/.claude/skills/skillstate/SKILL.md', 'my own notes\n');
    const r = await sb.run(['init', '--host', 'claude']);
    expect(r.stderr).toContain('warning: kept .claude/skills/skillstate/SKILL.md');
    expect(sb.read('project/.claude/skills/skillstate/SKILL.md')).toBe('my own notes\n');
  });

  it('uses the global bucket when run in the home directory', async () => {
    const r = await sb.run(['init', '--host', 'cursor'], { cwd: sb.home });
    expect(r.code).toBe(0);
    expect(existsSync(join(sb.home, '.skillstate', 'global', 'skillstate.json'))).toBe(true);
    expect(existsSync(join(sb.home, '.skillstate', 'global', 'install-manifest.json'))).toBe(true);
  });
});
