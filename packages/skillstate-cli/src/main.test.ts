import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, tree } from '../test/support/sandbox.js';
import type { Sandbox } from '../test/support/sandbox.js';

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

describe('main', () => {
  it('prints the usage for --help and exits 0', async () => {
    const r = await sb.run(['--help']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    await expect(r.stdout).toMatchFileSnapshot('__snapshots__/usage.txt');
  });

  it.each([['-h'], ['help'], ['init', '--host', 'bogus', '-h'], ['uninstall', '--help']])(
    'treats %s as a help request anywhere on the line',
    async (...argv) => {
      const r = await sb.run(argv);
      expect(r.code).toBe(0);
      expect(r.stdout.startsWith('skillstate: register the skillstate MCP server')).toBe(true);
    },
  );

  it.each([
    [[], 'missing command (init, install, status or uninstall)'],
    [['frob'], 'unknown command "frob" (expected init, install, status or uninstall)'],
    [['status', '--timeout', '0'], 'status: --timeout needs a number of seconds above 0, got "0"'],
    [['status', '--timeout', 'soon'], 'status: --timeout needs a number of seconds above 0, got "soon"'],
    [['init', '--host', 'vim'], 'unknown host "vim" (expected claude, codex, opencode, cursor or all)'],
    [['init', '--host', ','], '--host needs at least one of claude, codex, opencode, cursor or all'],
    [['init', '--command', 'node "unterminated'], '--command has an unterminated " quote'],
    [['init', '--command', '  '], '--command needs a command to run'],
    [['init', '--spec'], "init: Option '--spec <value>' argument missing"],
    [['init', '--bogus'], "init: Unknown option '--bogus'"],
    [['init', 'extra'], 'init: Unexpected argument'],
    [['install', '--host', 'codex'], "install: Unknown option '--host'"],
    [['uninstall', '--dry-run=yes'], "uninstall: Option '--dry-run' does not take an argument"],
  ])('exits 2 on the usage error %j', async (argv, message) => {
    const before = tree(sb.root);
    const r = await sb.run(argv);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`skillstate: ${message}`);
    expect(r.stderr.endsWith('run `skillstate --help` for usage\n')).toBe(true);
    expect(tree(sb.root)).toEqual(before);
  });
});
