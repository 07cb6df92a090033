import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_NODE, MCP_BIN, createSandbox, tree, withoutBackups } from '../../test/support/sandbox.js';
import type { Sandbox } from '../../test/support/sandbox.js';

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const CONFIG = `# Codex
model = "gpt-5-codex"   # keep this spacing

[mcp_servers.playwright]
command = "npx"
args = ["@playwright/mcp@latest"]

[profiles.fast] # fast profile
model = "gpt-5-mini"
`;

const OURS = `[mcp_servers.skillstate]
command = "${FAKE_NODE}"
args = ["${MCP_BIN}"]
enabled = true
`;

describe('skillstate install (Codex, machine-wide)', () => {
  it('appends our table to config.toml, every other byte untouched, and records a machine manifest', async () => {
    sb.write('home/.codex/config.toml', CONFIG);
    const r = await sb.run(['install']);
    expect(r.code).toBe(0);
    expect(sb.read('home/.codex/config.toml')).toBe(`${CONFIG}\n${OURS}`);
    expect(r.stdout).toContain('updated ~/.codex/config.toml (codex: [mcp_servers.skillstate])');
    const manifest = JSON.parse(sb.read('home/.skillstate/install-manifest.json'));
    expect(manifest).toMatchObject({
      version: 2,
      scope: 'machine',
      hosts: { codex: { mcp: { configPath: join(sb.home, '.codex', 'config.toml'), format: 'codex-toml' } } },
    });
    expect(Object.keys(tree(sb.project))).toEqual([]);
  });

  it('changes no byte when run again', async () => {
    sb.write('home/.codex/config.toml', CONFIG);
    await sb.run(['install']);
    const before = tree(sb.root);
    const r = await sb.run(['install']);
    expect(r.stdout).toContain('nothing to change');
    expect(tree(sb.root)).toEqual(before);
  });

  it('is reversed byte for byte by uninstall --machine', async () => {
    sb.write('home/.codex/config.toml', CONFIG);
    const original = tree(sb.home);
    await sb.run(['install']);
    await sb.run(['install', '--command', 'npx -y @skillstate/mcp']);
    const r = await sb.run(['uninstall', '--machine']);
    expect(r.code).toBe(0);
    expect(withoutBackups(tree(sb.home))).toEqual(original);
  });

  it('creates ~/.codex/config.toml when missing, and uninstall removes what it created', async () => {
    const r = await sb.run(['install']);
    expect(r.stdout).toContain('note: ~/.codex does not exist yet');
    expect(sb.read('home/.codex/config.toml')).toBe(OURS);
    await sb.run(['uninstall', '--machine']);
    expect(tree(sb.home)).toEqual({});
  });

  it('replaces the npx registration of the reference with ours, with a backup', async () => {
    const npx = `${CONFIG}\n[mcp_servers.skillstate]\ncommand = "npx"\nargs = ["-y", "@skillstate/mcp@^3"]\nenabled = true\n`;
    sb.write('home/.codex/config.toml', npx);
    const r = await sb.run(['install']);
    expect(r.stdout).toContain('replaced ~/.codex/config.toml');
    expect(sb.read('home/.codex/config.toml')).toBe(`${CONFIG}\n${OURS}`);
    const backups = readdirSync(join(sb.home, '.codex')).filter((f) => f.includes('.bak.'));
    expect(backups.map((b) => sb.read(`home/.codex/${b}`))).toEqual([npx]);
  });

  it('refuses invalid TOML with exit 1, naming the file, and writes nothing', async () => {
    sb.write('home/.codex/config.toml', 'model = \n');
    const before = tree(sb.root);
    const r = await sb.run(['install']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^skillstate: ~\/\.codex\/config\.toml is not valid TOML \(.+\); fix it and re-run\n$/,
    );
    expect(tree(sb.root)).toEqual(before);
  });

  it('honours $CODEX_HOME', async () => {
    const codexHome = join(sb.root, 'codex-home');
    const r = await sb.run(['install'], { env: { CODEX_HOME: codexHome } });
    expect(r.code).toBe(0);
    expect(sb.read('codex-home/config.toml')).toBe(OURS);
    expect(existsSync(join(sb.home, '.codex'))).toBe(false);
    await sb.run(['uninstall', '--machine']);
    expect(existsSync(join(codexHome, 'config.toml'))).toBe(false);
  });

  it('writes nothing with --dry-run', async () => {
    sb.write('home/.codex/config.toml', CONFIG);
    const before = tree(sb.root);
    const r = await sb.run(['install', '--dry-run']);
    expect(r.code).toBe(0);
    expect(tree(sb.root)).toEqual(before);
    expect(r.stdout).toContain('[dry-run] would update ~/.codex/config.toml');
  });

  it('fails without a machine manifest, and --machine with --remove-state is a usage error', async () => {
    expect((await sb.run(['uninstall', '--machine'])).code).toBe(1);
    expect((await sb.run(['uninstall', '--machine', '--remove-state'])).code).toBe(2);
  });

  it('is reported by init --host codex once installed', async () => {
    await sb.run(['install']);
    const r = await sb.run(['init', '--host', 'codex']);
    expect(r.stdout).toContain('codex: registered machine-wide by `skillstate install`');
  });
});
