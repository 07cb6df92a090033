// Usage errors of the BUILT `sm` bin: one clear line each, in our words, with the nearest known name; and `sm mcp`
// answering a line that is not JSON with a Parse error instead of dropping it.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { isBuilt, runSm, spawnSm } from './support/sm-bin.js';

let tree: TempTree;
let child: ChildProcessWithoutNullStreams | undefined;
beforeAll(() => {
  if (!isBuilt()) return;
  tree = createTempTree('sm-e2e-usage-');
  tree.write({
    '.claude/skills/a/SKILL.md': '---\nname: a\ndescription: A\n---\n# A\n',
    // `sm mcp` serves only with the opt-in (project-local).
    '.skill-map/settings.local.json': JSON.stringify({ mcp: { server: { enabled: true } } }),
  });
  expect(runSm(['scan', '-q'], { cwd: tree.root }).code).toBe(0);
});
afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  child = undefined;
});
afterAll(() => tree?.remove());

/** Runs the bin and expects exit 2 with exactly one line on stderr and nothing on stdout. */
function oneLine(argv: string[]): string {
  const run = runSm(argv, { cwd: tree.root });
  expect(run.code).toBe(2);
  expect(run.stdout).toBe('');
  expect(run.stderr.split('\n')).toHaveLength(2); // one line and its newline
  return run.stderr.trimEnd();
}

describe.skipIf(!isBuilt())('usage errors are one clear line (built bin)', () => {
  it('an unknown option names the option and the verb, without the parser quoting shell syntax', () => {
    expect(oneLine(['scan', '--bogus'])).toBe(
      "sm: unknown option --bogus for 'sm scan' (see sm scan --help)",
    );
    expect(oneLine(['--bogus'])).toBe("sm: unknown option --bogus for 'sm' (see sm --help)");
  });

  it('a near miss suggests the option meant', () => {
    expect(oneLine(['scan', '--ful'])).toBe(
      "sm: unknown option --ful for 'sm scan'; did you mean --full? (see sm scan --help)",
    );
  });

  it('--limit -3 says it must be a positive whole number; a missing value says what it needs', () => {
    expect(oneLine(['list', '--limit', '-3'])).toBe('sm: --limit must be a positive whole number (got -3)');
    expect(oneLine(['list', '--limit'])).toBe('sm: --limit needs a value: --limit <n> (see sm list --help)');
    expect(oneLine(['list', '--json=yes'])).toBe('sm: --json takes no value (see sm list --help)');
  });

  it('a typo in a kind is not a silent empty list: it names the nearest known kind', () => {
    for (const verb of ['list', 'export', 'graph'])
      expect(oneLine([verb, 'kind=skil'])).toMatch(
        /^sm: 'skil' is not a known kind; did you mean 'skill'\? \(known kinds: agent, command, .*skill/,
      );
  });
});

describe.skipIf(!isBuilt())('sm mcp answers a line that is not JSON (built bin)', () => {
  it('replies -32700 Parse error with id null and keeps serving', async () => {
    child = spawnSm(['mcp', '--no-watch'], { cwd: tree.root });
    const lines: string[] = [];
    let buf = '';
    child.stdout.on('data', (d: Buffer) => {
      buf += d.toString('utf8');
      for (let i = buf.indexOf('\n'); i !== -1; i = buf.indexOf('\n')) {
        lines.push(buf.slice(0, i));
        buf = buf.slice(i + 1);
      }
    });
    child.stdin.write('this is not json\n');
    await expect.poll(() => lines.length, { timeout: 15_000 }).toBe(1);
    expect(JSON.parse(lines[0]!)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error' },
    });
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'e2e', version: '1' } },
    };
    child.stdin.write(`${JSON.stringify(init)}\n`);
    await expect.poll(() => lines.length, { timeout: 15_000 }).toBe(2);
    expect(JSON.parse(lines[1]!)).toMatchObject({ id: 1, result: { serverInfo: { name: 'skill-map' } } });
    const code = new Promise((resolve) => child!.once('exit', resolve));
    child.stdin.end();
    expect(await code).toBe(0);
  });
});
