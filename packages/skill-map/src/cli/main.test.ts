import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

  it('sm help --json wraps the text', async () => {
    const run = await sm(['help', 'scan', '--json']);
    expect(run.json()).toEqual({ verb: 'scan', text: expect.stringContaining('sm scan: map the project') });
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
