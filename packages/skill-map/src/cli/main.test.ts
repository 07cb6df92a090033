import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { CliHelpSchema } from '@skill-map/spec';
import { createTempTree } from '../adapters/testing/temp-tree.js';
import type { TempTree } from '../adapters/testing/temp-tree.js';
import { runCli } from './testing/run-cli.js';
import { VERBS } from './verbs.js';

let tree: TempTree;
beforeEach(() => {
  tree = createTempTree('sm-cli-main-');
});
afterEach(() => tree.remove());

const sm = (argv: string[], env?: Record<string, string>) =>
  runCli(argv, { cwd: tree.root, ...(env ? { env } : {}) });

describe('help (snapshots)', () => {
  it('sm help prints every verb, the global options and the exit codes', async () => {
    const run = await sm(['help']);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatchSnapshot();
  });

  it('sm --help and sm -h print the same general help', async () => {
    const help = (await sm(['help'])).stdout;
    expect((await sm(['--help'])).stdout).toBe(help);
    expect((await sm(['-h'])).stdout).toBe(help);
  });

  for (const verb of VERBS) {
    it(`sm help ${verb.name}`, async () => {
      const run = await sm(['help', verb.name]);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatchSnapshot();
      expect((await sm([verb.name, '--help'])).stdout).toBe(run.stdout);
    });
  }

  it('sm help --format json (and --json) is the whole CLI surface as data, valid against cli-help.schema.json', async () => {
    const validate = new Ajv2020({ strict: true, allErrors: true }).compile(CliHelpSchema);
    const run = await sm(['help', '--format', 'json']);
    expect(run.code).toBe(0);
    const dump = run.json<{ verbs: { name: string; subcommands: string[]; exitCodes: number[] }[] }>();
    expect(validate(dump), JSON.stringify(validate.errors)).toBe(true);
    expect(dump.verbs.map((v) => v.name)).toEqual(VERBS.map((v) => v.name));
    const jobs = dump.verbs.find((v) => v.name === 'jobs');
    expect(jobs?.subcommands).toEqual(expect.arrayContaining(['submit', 'claim', 'prune']));
    expect(jobs?.exitCodes).toContain(3);
    expect(dump.verbs.find((v) => v.name === 'scan')?.exitCodes).not.toContain(3);
    expect((await sm(['help', '--json'])).json()).toEqual(dump);
    const one = (await sm(['help', 'scan', '--json'])).json<{ verbs: { name: string }[] }>();
    expect(one.verbs.map((v) => v.name)).toEqual(['scan']);
  });

  it('sm help --format md renders every verb from the table; a bad format or --json with md is a usage error', async () => {
    const md = (await sm(['help', '--format', 'md'])).stdout;
    for (const verb of VERBS) expect(md).toContain(`## sm ${verb.name}\n`);
    expect(md).toContain('| `-n, --node <path>` |');
    expect((await sm(['help', 'jobs', '--format', 'md'])).stdout).toMatch(/^## sm jobs\n/);
    expect((await sm(['help', '--format', 'xml'])).code).toBe(2);
    expect((await sm(['help', '--format', 'md', '--json'])).code).toBe(2);
  });

  it('sm help <unknown> is a usage error (exit 2)', async () => {
    const run = await sm(['help', 'nope']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("unknown verb 'nope'");
  });
});

describe('version', () => {
  it('sm version, sm -v and sm --version print the package version', async () => {
    for (const argv of [['version'], ['-v'], ['--version']]) {
      const run = await sm(argv);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^\d+\.\d+\.\d+\S*\n$/);
    }
  });

  it('sm version --json carries the spec and node versions', async () => {
    const run = await sm(['version', '--json']);
    expect(run.json()).toEqual({
      name: '@skill-map/cli',
      version: expect.any(String),
      specVersion: expect.any(String),
      node: process.version,
    });
  });

  it('SKILL_MAP_JSON=1 turns on JSON output', async () => {
    const run = await sm(['version'], { SKILL_MAP_JSON: '1' });
    expect(run.json()).toMatchObject({ name: '@skill-map/cli' });
  });
});

describe('usage errors exit 2 with what to do', () => {
  it('unknown verb, with a suggestion', async () => {
    const run = await sm(['sacn']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      "sm: unknown verb 'sacn' — did you mean `sm scan`? run `sm help` for every verb\n",
    );
  });

  it('unknown option names the option and the help', async () => {
    const run = await sm(['list', '--frobnicate']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("sm: unknown option --frobnicate for 'sm list' (see sm list --help)\n");
  });

  it('a string option without its value', async () => {
    const run = await sm(['export', '--format']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--format');
  });

  it('too many arguments', async () => {
    const run = await sm(['show', 'a.md', 'b.md']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("too many arguments for `sm show`: 'b.md'");
  });

  it('global options may come before the verb, also with values', async () => {
    const run = await sm(['--root', tree.root, '--json', 'version']);
    expect(run.code).toBe(0);
    expect(run.json()).toMatchObject({ name: '@skill-map/cli' });
  });

  it('a --db or SKILL_MAP_DB naming a server sm does not speak, or PostgreSQL for a verb that does not work on it, is refused, its password left out, and nothing is written', async () => {
    const run = await sm(['list', '--db', 'postgres://ana:s3cret@db.example:5432/maps']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      '`sm list` does not work on a PostgreSQL database yet (--db postgres://ana:***@db.example:5432/maps)',
    );
    expect(run.stderr).toContain(
      '`sm scan`, `sm org`, `sm jobs`, `sm record`, `sm findings`, `sm issues`, `sm config` and `sm serve` do',
    );
    expect(run.stderr).not.toContain('s3cret');
    const env = await sm(['list'], { SKILL_MAP_DB: 'mysql://db.example/maps' });
    expect(env.code).toBe(2);
    expect(env.stderr).toContain('SKILL_MAP_DB mysql://db.example/maps names a mysql server');
    expect(env.stderr).toContain('set SKILL_MAP_DB to a file path, a postgres:// URL, or unset it');
    // No folder named after the scheme, no database anywhere in the project.
    expect(readdirSync(tree.root)).toEqual([]);
  });

  it('a --db given as a file: URL is that file', async () => {
    const db = join(tree.root, 'elsewhere', 'map.db');
    mkdirSync(join(tree.root, 'elsewhere'));
    const run = await sm(['scan', '--db', pathToFileURL(db).href]);
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(db)).toBe(true);
  });

  it('a --root that does not exist is not found (exit 5)', async () => {
    const run = await sm(['list', '--root', 'nowhere']);
    expect(run.code).toBe(5);
    expect(run.stderr).toContain('--root nowhere is not a directory');
  });
});

describe('bare sm', () => {
  it('outside a project: the help on stderr, a hint, exit 2, nothing on stdout', async () => {
    const run = await sm([]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Usage: sm <verb> [options]');
    expect(run.stderr).toContain('no skill-map project in');
    expect(run.stderr).toContain('run `sm init` and `sm scan`');
  });
});
