// The parts of the reference's case format that run more than one process: parallel invokes, the case's own
// server (setup.serve + http-matches-schema), a static file server (setup.staticServe), NDJSON stdout, schemas
// taken from a folder (--schemas), the fixture's drop-in plugins trusted before anything runs, a missing fixture.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempTree } from '../../adapters/testing/temp-tree.js';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { writeSuite } from '../testing/conformance-suite.js';
import { runCli } from '../testing/run-cli.js';

let tree: TempTree;
beforeEach(() => {
  tree = createTempTree('sm-conformance-format-');
});
afterEach(() => tree.remove());

const sm = (...argv: string[]) => runCli(argv, { cwd: tree.root });
interface Result {
  scopes: { cases: { id: string; status: string; failures: { type: string; reason: string }[] }[] }[];
}
/** Each case's failure reasons by id. */
async function reasons(...argv: string[]): Promise<Record<string, string[]>> {
  const out = (await sm('conformance', 'run', ...argv, '--json')).json<Result>();
  return Object.fromEntries(
    out.scopes.flatMap((s) => s.cases).map((c) => [c.id, c.failures.map((f) => f.reason)]),
  );
}

/** A stand-in implementation: a Node script (run with --bin) given its body. */
function fakeSm(body: string): string {
  const file = join(tree.root, `fake-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, body);
  return file;
}

describe('sm conformance run: the multi-process parts of the case format', () => {
  it('a parallel invoke runs N copies at once; only the parallel-* assertions apply to it', async () => {
    const dir = writeSuite(tree.root, {
      race: {
        id: 'race',
        description: 'd',
        invoke: { verb: 'version', flags: ['--json'], parallel: 3 },
        assertions: [
          { type: 'parallel-exit-codes', sorted: [0, 0, 0] },
          { type: 'parallel-json-path-count', path: '$.name', equals: '@skill-map/cli', count: 3 },
          { type: 'parallel-json-path-count', path: '$.name', equals: 'other', count: 1 },
          { type: 'exit-code', value: 0 },
        ],
      },
      single: {
        id: 'single',
        description: 'd',
        invoke: { verb: 'version' },
        assertions: [{ type: 'parallel-exit-codes', sorted: [0] }],
      },
    });
    expect(await reasons('--cases', dir)).toEqual({
      race: [
        '#2: 0 invocations hold at $.name, expected 1',
        '#3: exit-code is ambiguous over a parallel invoke (authoring error)',
      ],
      single: ['#0: parallel-exit-codes needs invoke.parallel (authoring error)'],
    });
  });

  it('ndjson-line picks the first line holding the match, then compares a path on it', async () => {
    const bin = fakeSm(
      "for (const l of [{ type: 'a', n: 1 }, { type: 'b', n: 2 }, { type: 'b', n: 3 }]) console.log(JSON.stringify(l));\n",
    );
    const dir = writeSuite(tree.root, {
      lines: {
        id: 'lines',
        description: 'd',
        invoke: { verb: 'record' },
        assertions: [
          { type: 'ndjson-line', match: { type: 'b' }, path: '$.n', equals: 2 },
          { type: 'ndjson-line', match: { type: 'b' }, path: '$.n', equals: 3 },
          { type: 'ndjson-line', match: { type: 'c' } },
        ],
      },
    });
    expect(await reasons('--cases', dir, '--bin', bin)).toEqual({
      lines: ['#1: $.n is 2, expected 3', '#2: no stdout line matches {"type":"c"}'],
    });
  });

  it('setup.staticServe serves a fixture folder on loopback and binds {{staticServeUrl}}', async () => {
    const bin = fakeSm(
      'const base = process.argv[3];\n' +
        'const ok = await fetch(`${base}/api/a.json`).then((r) => r.text());\n' +
        'const missing = (await fetch(`${base}/api/none`)).status;\n' +
        'const escape = (await fetch(`${base}/../secret.txt`)).status;\n' +
        'console.log(JSON.stringify({ ok: JSON.parse(ok), missing, escape }));\n',
    );
    const dir = writeSuite(
      tree.root,
      {
        remote: {
          id: 'remote',
          description: 'd',
          setup: { staticServe: { fixture: 'remote' } },
          invoke: { verb: 'enrich', args: ['{{staticServeUrl}}'] },
          assertions: [
            { type: 'json-path', path: '$.ok.sha', equals: 'abc' },
            { type: 'json-path', path: '$.missing', equals: 404 },
            { type: 'json-path', path: '$.escape', equals: 404 },
          ],
        },
      },
      { 'remote/api/a.json': '{"sha":"abc"}', 'secret.txt': 'no' },
    );
    expect(await reasons('--cases', dir, '--bin', bin)).toEqual({ remote: [] });
  });

  it('setup.serve runs sm serve through the case; http-matches-schema and serve.json are checked while it runs, with --schemas replacing ours', async () => {
    const schemas = join(tree.root, 'held-out');
    mkdirSync(join(schemas, 'api'), { recursive: true });
    // A stricter stand-in for a held-out copy of another implementation's schema, under one of our names.
    writeFileSync(
      join(schemas, 'api', 'rest-envelope.schema.json'),
      JSON.stringify({ type: 'object', required: ['items', 'nonexistentKey'] }),
    );
    writeFileSync(
      join(schemas, 'serve-info.schema.json'),
      JSON.stringify({
        type: 'object',
        required: ['port'],
        properties: { port: { type: 'integer', minimum: 1 } },
      }),
    );
    const dir = writeSuite(
      tree.root,
      {
        served: {
          id: 'served',
          description: 'd',
          fixture: 'one',
          setup: { priorScans: [{}], serve: true },
          invoke: { verb: 'version' },
          assertions: [
            { type: 'exit-code', value: 0 },
            {
              type: 'http-matches-schema',
              request: { path: '/api/nodes' },
              schema: 'api/rest-envelope.schema.json',
            },
            { type: 'file-matches-schema', path: '.skill-map/serve.json', schema: 'serve-info.schema.json' },
            {
              type: 'http-matches-schema',
              request: { path: '/api/nodes' },
              status: 201,
              schema: 'job.schema.json',
            },
          ],
        },
        unserved: {
          id: 'unserved',
          description: 'd',
          invoke: { verb: 'version' },
          assertions: [
            { type: 'http-matches-schema', request: { path: '/api/nodes' }, schema: 'job.schema.json' },
          ],
        },
      },
      { 'one/a.md': '# A\n' },
    );
    expect(await reasons('--cases', dir)).toEqual({
      served: ['#3: /api/nodes answered 200, expected 201'],
      unserved: ['#0: http-matches-schema needs setup.serve'],
    });
    const held = await reasons('--cases', dir, '--case', 'served', '--schemas', schemas);
    expect(held['served']?.[0]).toMatch(
      /^#1: \/api\/nodes does not match api\/rest-envelope\.schema\.json: \/ must have required property 'nonexistentKey'/,
    );
  });

  it("the fixture's drop-in plugins are trusted before the case runs; a missing fixture fails the case, not the run", async () => {
    const dir = writeSuite(
      tree.root,
      {
        trusted: {
          id: 'trusted',
          description: 'd',
          fixture: 'plugged',
          invoke: { verb: 'plugins', sub: 'list', flags: ['--json'] },
          assertions: [{ type: 'json-path', path: "$.plugins[?@.id == 'hello'].trusted", equals: [true] }],
        },
        lost: {
          id: 'lost',
          description: 'd',
          fixture: 'nowhere',
          invoke: { verb: 'version' },
          assertions: [{ type: 'exit-code', value: 0 }],
        },
      },
      {
        'plugged/.skill-map/plugins/hello/plugin.json': JSON.stringify({
          id: 'hello',
          version: '1.0.0',
          specCompat: '>=0.0.0',
          extensions: ['a.js'],
        }),
        'plugged/.skill-map/plugins/hello/a.js':
          "export default { kind: 'analyzer', id: 'a', evaluate: () => [] };\n",
      },
    );
    const out = await reasons('--cases', dir);
    expect(out['trusted']).toEqual([]);
    expect(out['lost']).toEqual([expect.stringMatching(/^fixture 'nowhere' does not exist in /)]);
  });
});
