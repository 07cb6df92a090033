import { existsSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { runCli } from '../testing/run-cli.js';
import { tempProject } from '../testing/projects.js';

let tree: TempTree;
beforeEach(() => {
  tree = tempProject({ 'README.md': '# Project\n' });
});
afterEach(() => tree.remove());

const sm = (...argv: string[]) => runCli(argv, { cwd: tree.root });
const readJson = (rel: string): unknown => JSON.parse(readFileSync(tree.abs(rel), 'utf8'));

describe('sm config', () => {
  it('list shows every resolved key with its layer', async () => {
    const run = await sm('config', 'list');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^scan\.maxFileSizeBytes +1048576 +\(defaults\)$/m);
    const items = (await sm('config', 'list', '--json', '--sources')).json<{
      items: Array<{ key: string; source: string }>;
    }>().items;
    expect(items.find((e) => e.key === 'server.port')).toEqual({
      key: 'server.port',
      value: 4242,
      source: 'defaults',
    });
  });

  it('get prints a value (text or JSON); an unknown key is not found (exit 5)', async () => {
    expect((await sm('config', 'get', 'tokenizer')).stdout).toBe('cl100k_base\n');
    expect((await sm('config', 'get', 'scan.roots')).stdout).toBe('[\n  "."\n]\n');
    const json = (await sm('config', 'get', 'scan.maxScan', '--json')).json();
    expect(json).toMatchObject({ key: 'scan.maxScan', value: 50000, source: 'defaults' });
    const unknown = await sm('config', 'get', 'scan.nope');
    expect(unknown.code).toBe(5);
    expect(unknown.stderr).toBe(
      'sm: unknown configuration key "scan.nope" — run `sm config list` to see the known keys\n',
    );
  });

  it('set writes the committed layer, creates .skill-map/ with its .gitignore, and logs the key only', async () => {
    const run = await sm('config', 'set', 'scan.maxScan', '1234');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('set scan.maxScan = 1234 in .skill-map/settings.json (project)\n');
    expect(readJson('.skill-map/settings.json')).toMatchObject({ scan: { maxScan: 1234 } });
    expect(existsSync(tree.abs('.skill-map/.gitignore'))).toBe(true);
    expect((await sm('config', 'get', 'scan.maxScan', '--json')).json()).toMatchObject({
      value: 1234,
      source: 'project',
    });
    const log = readFileSync(tree.abs('.skill-map/operations.log'), 'utf8');
    expect(log).toMatch(
      /"op":"config\.set","target":"\*","channel":"cli","outcome":"ok","detail":"key=scan\.maxScan"/,
    );
    expect(log).not.toContain('1234');
  });

  it('privileged keys (mcp.server.enabled) always go to the project-local layer', async () => {
    const run = await sm('config', 'set', 'mcp.server.enabled', 'true', '--json');
    expect(run.json()).toMatchObject({ key: 'mcp.server.enabled', value: true, layer: 'project-local' });
    expect(readJson('.skill-map/settings.local.json')).toEqual({ mcp: { server: { enabled: true } } });
    expect(
      existsSync(tree.abs('.skill-map/settings.json')) ? readJson('.skill-map/settings.json') : {},
    ).not.toHaveProperty('mcp');
    expect((await sm('config', 'get', 'mcp.server.enabled', '--json')).json()).toMatchObject({
      value: true,
      source: 'project-local',
    });
  });

  it('--local puts an ordinary key in settings.local.json; reset removes it again', async () => {
    await sm('config', 'set', 'scan.maxScan', '77', '--local');
    expect(readJson('.skill-map/settings.local.json')).toEqual({ scan: { maxScan: 77 } });
    const reset = await sm('config', 'reset', 'scan.maxScan', '--local');
    expect(reset.stdout).toBe('reset scan.maxScan in .skill-map/settings.local.json (project-local)\n');
    expect((await sm('config', 'get', 'scan.maxScan', '--json')).json()).toMatchObject({
      value: 50000,
      source: 'defaults',
    });
  });

  it('refuses unknown keys (exit 5) and invalid values (exit 2) without writing', async () => {
    const unknown = await sm('config', 'set', 'nope.key', '1');
    expect(unknown.code).toBe(5);
    const invalid = await sm('config', 'set', 'scan.maxScan', 'lots');
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('invalid value for "scan.maxScan"');
    expect(existsSync(tree.abs('.skill-map'))).toBe(false);
  });

  it('missing or unknown subcommands and wrong arity are usage errors (exit 2)', async () => {
    for (const argv of [
      ['config'],
      ['config', 'frob'],
      ['config', 'get'],
      ['config', 'set', 'scan.maxScan'],
      ['config', 'list', 'x'],
    ]) {
      const run = await sm(...argv);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('usage: sm config list | get <key>');
    }
  });

  it('a settings file that is not JSON is an operational error (exit 2) naming the file', async () => {
    tree.write({ '.skill-map/settings.json': '{ nope' });
    const run = await sm('config', 'list');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('settings.json is not valid JSON');
    expect(run.stderr).toContain('fix or delete it');
  });
});
