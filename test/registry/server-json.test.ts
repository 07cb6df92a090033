// Issue 28 point 16: each MCP server of the repository (skill-map's `sm mcp`, skillstate's `skillstate-mcp`) ships a
// server.json for the MCP Registry. Each is validated against server-json.schema.json (written from the registry's
// published schema and its official-registry rules), agrees with its package.json (mcpName, name, version, the bin
// it starts), and is in what `npm pack` publishes. The schema itself is shown to refuse what the registry refuses.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are read loosely; shapes are asserted
type Json = Record<string, any>;

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const readJson = (path: string): Json => JSON.parse(readFileSync(path, 'utf8')) as Json;
const SCHEMA = readJson(join(ROOT, 'test', 'registry', 'server-json.schema.json'));

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
const validate = ajv.compile(SCHEMA);
const errorsOf = (doc: unknown): string[] =>
  validate(doc) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);

/** The two servers: their package folder and the command the host runs (the bin plus the package arguments). */
const SERVERS = [
  { dir: 'packages/skill-map', bin: 'sm', args: ['mcp'] },
  { dir: 'packages/skillstate-mcp', bin: 'skillstate-mcp', args: [] },
] as const;

describe.each(SERVERS)('$dir/server.json', ({ dir, bin, args }) => {
  const pkg = readJson(join(ROOT, dir, 'package.json'));
  const server = readJson(join(ROOT, dir, 'server.json'));

  it('is valid against the registry server.json schema', () => {
    expect(errorsOf(server)).toEqual([]);
  });

  it('names the package: mcpName, npm name and version agree with package.json', () => {
    expect(pkg['mcpName']).toBe(server['name']);
    expect(server['version']).toBe(pkg['version']);
    expect(server['packages']).toHaveLength(1);
    expect(server['packages'][0]).toMatchObject({
      registryType: 'npm',
      identifier: pkg['name'],
      version: pkg['version'],
      transport: { type: 'stdio' },
    });
  });

  it('starts the stdio bin: every bin of the package is the same file (npx runs it) and the arguments match', () => {
    const bins = pkg['bin'] as Record<string, string>;
    expect(Object.keys(bins)).toContain(bin);
    expect(new Set(Object.values(bins)).size).toBe(1);
    const given = ((server['packages'][0]['packageArguments'] ?? []) as Json[]).map((a) => a['value']);
    expect(given).toEqual(args);
  });

  it('is in what npm pack publishes', () => {
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: join(ROOT, dir),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const [report] = JSON.parse(out) as Array<{ files: Array<{ path: string }> }>;
    expect(report?.files.map((f) => f.path)).toContain('server.json');
  });
});

describe('the server.json schema refuses what the registry refuses', () => {
  const good = readJson(join(ROOT, 'packages/skill-map/server.json'));
  const pkg0 = good['packages'][0] as Json;
  const bad: Array<[string, Json]> = [
    ['a name without a namespace slash', { ...good, name: 'skill-map' }],
    ['a description over 100 characters', { ...good, description: 'x'.repeat(101) }],
    ['a version range', { ...good, version: '^0.1.0' }],
    ['no version', Object.fromEntries(Object.entries(good).filter(([k]) => k !== 'version'))],
    ['a package version "latest"', { ...good, packages: [{ ...pkg0, version: 'latest' }] }],
    ['an npm mirror', { ...good, packages: [{ ...pkg0, registryBaseUrl: 'https://npm.example.com' }] }],
    ['an unknown transport', { ...good, packages: [{ ...pkg0, transport: { type: 'pipe' } }] }],
    [
      'a positional argument with neither value nor valueHint',
      {
        ...good,
        packages: [{ ...pkg0, packageArguments: [{ type: 'positional' }] }],
      },
    ],
    ['a _meta key the official registry drops', { ...good, _meta: { 'com.example/x': {} } }],
  ];
  it.each(bad)('%s', (_label, doc) => {
    expect(errorsOf(doc)).not.toEqual([]);
  });
});
