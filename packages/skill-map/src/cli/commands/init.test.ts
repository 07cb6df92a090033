import { readFileSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SKILL_MAP_GITIGNORE } from '../../adapters/sqlite/open-database.js';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { runCli } from '../testing/run-cli.js';
import { tempProject } from '../testing/projects.js';
import { INITIAL_SETTINGS } from './init.js';

let tree: TempTree;
beforeEach(() => {
  tree = tempProject({ 'README.md': '# Project\n' });
});
afterEach(() => tree.remove());

const sm = (...argv: string[]) => runCli(argv, { cwd: tree.root });
const read = (rel: string) => readFileSync(tree.abs(rel), 'utf8');

describe('sm init', () => {
  it('creates .skill-map/settings.json and the .gitignore the store writes', async () => {
    const run = await sm('init');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      'created .skill-map/settings.json\ncreated .skill-map/.gitignore\nnext: run `sm scan` to map the project\n',
    );
    expect(read('.skill-map/.gitignore')).toBe(SKILL_MAP_GITIGNORE);
    expect(read('.skill-map/settings.json')).toBe(INITIAL_SETTINGS);
    expect((await sm('config', 'list')).code).toBe(0);
  });

  it("carries the reference's schemaVersion 1; a project without it reads 1 from the defaults, another value is refused", async () => {
    expect((await sm('config', 'get', 'schemaVersion')).stdout.trim()).toBe('1');
    await sm('init');
    expect(JSON.parse(read('.skill-map/settings.json'))).toMatchObject({ schemaVersion: 1 });
    writeFileSync(tree.abs('.skill-map/settings.json'), '{ "schemaVersion": 2 }\n');
    const newer = await sm('config', 'get', 'schemaVersion');
    expect(newer.stdout.trim()).toBe('1');
    expect(newer.stderr).toMatch(/settings\.json: .*schemaVersion.*must be one of 1; ignored/);
  });

  it('is idempotent and never overwrites an edited file', async () => {
    await sm('init');
    writeFileSync(tree.abs('.skill-map/settings.json'), '{ "scan": { "maxScan": 9 } }\n');
    const again = await sm('init', '--json');
    expect(again.code).toBe(0);
    expect(again.json()).toEqual({
      root: tree.root,
      created: [],
      existing: ['.skill-map/settings.json', '.skill-map/.gitignore'],
    });
    expect(read('.skill-map/settings.json')).toBe('{ "scan": { "maxScan": 9 } }\n');
    expect((await sm('init')).stdout).toContain(
      'already initialised: .skill-map has .skill-map/settings.json and .skill-map/.gitignore',
    );
  });

  it('completes a .skill-map/ that a scan created first, and honours --root and -q', async () => {
    await sm('scan', '-q');
    const run = await runCli(['init', '--root', tree.root, '-q'], { cwd: '/' });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    expect(read('.skill-map/settings.json')).toBe(INITIAL_SETTINGS);
  });
});
