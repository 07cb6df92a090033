import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { ConformanceResultSchema } from '@skill-map/spec';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempTree } from '../../adapters/testing/temp-tree.js';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { writeSuite as writeSuiteIn } from '../testing/conformance-suite.js';
import { runCli } from '../testing/run-cli.js';
import { JsonPathError, queryJsonPath } from './json-path.js';
import { builtInSuites, readCases } from './suites.js';

let tree: TempTree;
beforeEach(() => {
  tree = createTempTree('sm-conformance-');
});
afterEach(() => tree.remove());

const sm = (...argv: string[]) => runCli(argv, { cwd: tree.root });
const validateResult = new Ajv2020({ strict: true, allErrors: true }).compile(ConformanceResultSchema);

interface Result {
  kind: string;
  totals: { scopes: number; cases: number; passCount: number; failCount: number };
  scopes: {
    label: string;
    cases: { id: string; status: 'pass' | 'fail'; failures: { type: string; reason: string }[] }[];
  }[];
}
const casesOf = (r: Result) => r.scopes.flatMap((s) => s.cases);

const writeSuite = (cases: Record<string, unknown>, fixtures: Record<string, string> = {}): string =>
  writeSuiteIn(tree.root, cases, fixtures);

describe('the JSONPath subset of the cases', () => {
  const doc = {
    nodes: [
      { kind: 'skill', path: 'a' },
      { kind: 'agent', path: 'b', n: 3 },
    ],
    s: { 'x-y': 1 },
  };
  it('reads names, indexes (negative too), wildcards and filters', () => {
    expect(queryJsonPath(doc, '$.nodes[0].path')).toEqual(['a']);
    expect(queryJsonPath(doc, '$.nodes[-1].kind')).toEqual(['agent']);
    expect(queryJsonPath(doc, '$.nodes[*].path')).toEqual(['a', 'b']);
    expect(queryJsonPath(doc, "$.nodes[?@.kind == 'agent'].path")).toEqual(['b']);
    expect(queryJsonPath(doc, "$.nodes[?(@.kind!='agent')].path")).toEqual(['a']);
    expect(queryJsonPath(doc, '$.nodes[?@.n > 2].path')).toEqual(['b']);
    expect(queryJsonPath(doc, '$.nodes[?@.n].path')).toEqual(['b']);
    expect(queryJsonPath(doc, "$.s['x-y']")).toEqual([1]);
    expect(queryJsonPath(doc, '$.missing')).toEqual([]);
  });
  it('refuses what it cannot read, naming where', () => {
    expect(() => queryJsonPath(doc, '$..path')).toThrow(JsonPathError);
    expect(() => queryJsonPath(doc, 'nodes')).toThrow(/starts with \$/);
  });
});

describe('sm conformance run', () => {
  it("our own cases are valid, and every one passes against the built sm, printed in the result schema's shape", async () => {
    const suites = builtInSuites();
    expect(suites.map((s) => s.scope)).toEqual(expect.arrayContaining(['spec', 'provider:claude']));
    const total = suites.reduce((n, s) => n + readCases(s).length, 0);
    expect(total).toBeGreaterThanOrEqual(10);
    const run = await sm('conformance', 'run', '--json');
    const out = run.json<Result>();
    expect(validateResult(out), JSON.stringify(validateResult.errors)).toBe(true);
    expect(casesOf(out).flatMap((c) => c.failures)).toEqual([]);
    expect({ code: run.code, totals: out.totals, kind: out.kind }).toEqual({
      code: 0,
      totals: { scopes: suites.length, cases: total, passCount: total, failCount: 0 },
      kind: 'conformance.result',
    });
    expect(out.scopes.map((s) => s.label)).toEqual(suites.map((s) => s.scope));
    // Every case spawns the bin a few times, one case after another: a loaded 2-core machine needs minutes.
  }, 240_000);

  it('a case that does not hold fails with what was found (exit 1); the others still run', async () => {
    const dir = writeSuite(
      {
        'wrong-exit': {
          id: 'wrong-exit',
          description: 'd',
          invoke: { verb: 'version' },
          assertions: [
            { type: 'exit-code', value: 3 },
            { type: 'stderr-matches', pattern: '(' },
          ],
        },
        'fixture-file': {
          id: 'fixture-file',
          description: 'd',
          fixture: 'one',
          invoke: { verb: 'version', flags: ['--json'] },
          assertions: [
            { type: 'file-exists', path: 'docs/*.md' },
            { type: 'json-path', path: '$.name', equals: '@skill-map/cli' },
          ],
        },
      },
      { 'one/docs/a.md': '# A\n' },
    );
    const run = await sm('conformance', 'run', '--cases', dir, '--json');
    expect(run.code).toBe(1);
    const out = casesOf(run.json<Result>());
    expect(out.map((c) => [c.id, c.status])).toEqual([
      ['fixture-file', 'pass'],
      ['wrong-exit', 'fail'],
    ]);
    expect(out[1]?.failures[0]).toEqual({ type: 'exit-code', reason: '#0: exit code 0, expected 3' });
    expect(out[1]?.failures[1]?.reason).toMatch(/^#1: \/\(\/ is not a valid regular expression/);
    const human = await sm('conformance', 'run', '--cases', dir, '--case', 'wrong-exit');
    expect(human.stdout).toContain('FAIL  ');
    expect(human.stdout).toContain('#0 exit-code: exit code 0, expected 3');
  });

  it("reads the reference's newer case format: prior scans, captures into {{vars}}, expected exits, .length, stdout schemas", async () => {
    const dir = writeSuite(
      {
        chain: {
          id: 'chain',
          description: 'd',
          fixture: 'one',
          setup: {
            priorScans: [{ fixture: 'one' }],
            priorInvokes: [
              { verb: 'scan', flags: ['--json'], capture: { first: '$.nodes[0].path' } },
              { verb: 'show', args: ['nope.md'], expectExit: 5 },
            ],
          },
          invoke: { verb: 'show', args: ['{{first}}'], flags: ['--json'] },
          assertions: [
            { type: 'exit-code', value: 0 },
            { type: 'json-path', path: '$.item.path', equals: 'docs/a.md' },
            { type: 'stdout-contains-verbatim', fixture: 'needle.txt' },
          ],
        },
        shapes: {
          id: 'shapes',
          description: 'd',
          fixture: 'one',
          invoke: { verb: 'scan', flags: ['--json'] },
          assertions: [
            { type: 'json-path', path: '$.nodes.length', equals: 1 },
            { type: 'stdout-matches-schema', schema: 'scan-result.schema.json' },
            { type: 'stdout-matches-schema', schema: 'job.schema.json', schemaPointer: '/$defs/PublicJob' },
          ],
        },
        'bad-prior': {
          id: 'bad-prior',
          description: 'd',
          setup: { priorInvokes: [{ verb: 'version', expectExit: 3, capture: { v: '$.nope' } }] },
          invoke: { verb: 'version' },
          assertions: [{ type: 'exit-code', value: 0 }],
        },
      },
      { 'one/docs/a.md': '# A\n', 'needle.txt': '"path": "docs/a.md"' },
    );
    const out = casesOf((await sm('conformance', 'run', '--cases', dir, '--json')).json<Result>());
    const failures = Object.fromEntries(out.map((c) => [c.id, c.failures.map((f) => f.reason)]));
    expect(failures).toEqual({
      'bad-prior': ['prior version exited 0, expected 3', 'capture v: $.nope selects nothing'],
      chain: [],
      shapes: [expect.stringMatching(/^#2: stdout does not match job\.schema\.json#\/\$defs\/PublicJob: /)],
    });
  });

  it('an unknown assertion type, a wrong id or an unknown scope is a configuration error (exit 2), never a skip', async () => {
    const bad = writeSuite({
      x: { id: 'x', description: 'd', invoke: { verb: 'version' }, assertions: [{ type: 'stdout-is-nice' }] },
    });
    const run = await sm('conformance', 'run', '--cases', bad);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(join('cases', 'x.json'));
    expect((await sm('conformance', 'run', '--scope', 'provider:nope')).stderr).toContain(
      "unknown conformance scope 'provider:nope'",
    );
    expect((await sm('conformance', 'nope')).code).toBe(2);
  });

  it('--bin runs the cases against another implementation', async () => {
    const fake = join(tree.root, 'fake-sm.mjs');
    writeFileSync(
      fake,
      'process.stdout.write(JSON.stringify({ argv: process.argv.slice(2) })); process.exitCode = 4;\n',
    );
    const dir = writeSuite({
      echo: {
        id: 'echo',
        description: 'd',
        invoke: { verb: 'record', args: ['j'], flags: ['--nonce', 'n'] },
        assertions: [
          { type: 'exit-code', value: 4 },
          { type: 'json-path', path: '$.argv', equals: ['record', 'j', '--nonce', 'n'] },
        ],
      },
    });
    const run = await sm('conformance', 'run', '--cases', dir, '--bin', fake);
    expect(run.stdout).toContain('PASS  ');
    expect(run.code).toBe(0);
  });
});
