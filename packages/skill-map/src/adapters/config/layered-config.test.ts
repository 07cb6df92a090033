import { mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempTree } from '../testing/temp-tree.js';
import type { TempTree } from '../testing/temp-tree.js';
import { parseConfigValue, setConfigValue, unsetConfigValue } from './config-write.js';
import { loadConfig, overridesFromEnv } from './layered-config.js';

let tree: TempTree;
beforeEach(() => {
  tree = createTempTree('sm-config-');
});
afterEach(() => tree.remove());

const json = (v: unknown): string => JSON.stringify(v);

describe('loadConfig: layering', () => {
  it('serves the bundled defaults when no settings file exists', () => {
    const config = loadConfig({ projectRoot: tree.root });
    expect(config.get('scan.maxScan')).toBe(50_000);
    expect(config.get('scan.maxFileSizeBytes')).toBe(1_048_576);
    expect(config.get('mcp.server.enabled')).toBe(false);
    expect(config.sourceOf('scan.maxScan')).toBe('defaults');
    expect(config.warnings).toEqual([]);
  });

  it('merges defaults < project < project-local < override per dot-path, with provenance', () => {
    tree.write({
      '.skill-map/settings.json': json({
        scan: { maxScan: 100, maxNodes: 50, watch: { debounceMs: 10 } },
        ignore: ['a/'],
      }),
      '.skill-map/settings.local.json': json({ scan: { maxNodes: 60 }, ignore: ['b/'] }),
    });
    const config = loadConfig({ projectRoot: tree.root, overrides: { 'scan.watch.debounceMs': 5 } });
    expect(config.get('scan')).toMatchObject({
      maxScan: 100,
      maxNodes: 60,
      maxFileSizeBytes: 1_048_576,
      watch: { debounceMs: 5, backend: 'chokidar' },
    });
    // Arrays replace instead of concatenating.
    expect(config.get('ignore')).toEqual(['b/']);
    expect(config.list().filter((e) => e.key.startsWith('scan.') && e.source !== 'defaults')).toEqual([
      { key: 'scan.maxNodes', value: 60, source: 'project-local' },
      { key: 'scan.maxScan', value: 100, source: 'project' },
      { key: 'scan.watch.debounceMs', value: 5, source: 'override' },
    ]);
  });

  it('honours project-local-only keys only from the local layer (and overrides), stripping them with a warning', () => {
    tree.write({
      '.skill-map/settings.json': json({
        allowEditSmFiles: true,
        mcp: { server: { enabled: true } },
        scan: { followExternalSymlinks: true },
        ui: { theme: 'dark' },
      }),
    });
    const committed = loadConfig({ projectRoot: tree.root });
    expect(committed.get('allowEditSmFiles')).toBe(false);
    expect(committed.get('mcp.server.enabled')).toBe(false);
    expect(committed.get('scan.followExternalSymlinks')).toBe(false);
    expect(committed.get('ui')).toBeUndefined();
    expect(committed.warnings).toHaveLength(4);
    expect(committed.warnings[0]).toMatch(
      /settings\.json: "allowEditSmFiles" is ignored here: it is a project-local-only key/,
    );

    tree.write({
      '.skill-map/settings.local.json': json({ mcp: { server: { enabled: true } }, allowEditSmFiles: true }),
    });
    const local = loadConfig({ projectRoot: tree.root });
    expect(local.get('mcp.server.enabled')).toBe(true);
    expect(local.sourceOf('allowEditSmFiles')).toBe('project-local');
    expect(
      loadConfig({
        projectRoot: tree.root,
        overrides: overridesFromEnv({ SKILL_MAP_LOG_LEVEL: 'debug' }),
      }).get('logLevel'),
    ).toBe('debug');
  });

  it('drops unknown keys and invalid values from files with warnings, keeping open objects open', () => {
    tree.write({
      '.skill-map/settings.json': json({
        $schema: 'x',
        scna: { maxScan: 1 },
        scan: { maxScan: 'many', bogus: 1 },
        plugins: {
          core: { extensions: { 'reference-broken': { settings: { 'ignored-references': ['x'] } } } },
        },
      }),
    });
    const config = loadConfig({ projectRoot: tree.root });
    expect(config.get('scan.maxScan')).toBe(50_000);
    expect(config.get('plugins.core.extensions')).toEqual({
      'reference-broken': { settings: { 'ignored-references': ['x'] } },
    });
    expect(config.warnings).toEqual([
      expect.stringContaining('unknown configuration key "scna.maxScan"'),
      expect.stringContaining('invalid value for "scan.maxScan": must be integer, got string'),
      expect.stringContaining('unknown configuration key "scan.bogus"'),
    ]);
  });

  it('errors on invalid JSON, naming the file', () => {
    tree.write({ '.skill-map/settings.local.json': '{ "scan": ' });
    expect(() => loadConfig({ projectRoot: tree.root })).toThrow(
      expect.objectContaining({
        code: 'CONFIG_INVALID_JSON',
        message: expect.stringMatching(/settings\.local\.json is not valid JSON/),
      }),
    );
  });

  it('refuses a settings file that is a directory or over 1 MiB as CONFIG_UNREADABLE, naming it, unread', () => {
    // (A symlink to /dev/zero or a FIFO is refused the same way: test/hostile-reads.e2e.test.ts drives it.)
    mkdirSync(tree.abs('.skill-map/settings.json'), { recursive: true });
    expect(() => loadConfig({ projectRoot: tree.root })).toThrow(
      expect.objectContaining({
        code: 'CONFIG_UNREADABLE',
        message: `settings file ${tree.abs('.skill-map/settings.json')} is not a regular file (a device, FIFO, socket or directory); make it a regular JSON file of at most 1 MiB, or delete it`,
      }),
    );
    rmSync(tree.abs('.skill-map/settings.json'), { recursive: true });
    tree.write({ '.skill-map/settings.local.json': json({ ignore: ['x'.repeat(1024 * 1024)] }) });
    expect(() => loadConfig({ projectRoot: tree.root })).toThrow(
      expect.objectContaining({
        code: 'CONFIG_UNREADABLE',
        message: expect.stringContaining(
          'settings.local.json is larger than the 1048576-byte limit',
        ) as string,
      }),
    );
  });

  it('rejects unknown keys on get', () => {
    const config = loadConfig({ projectRoot: tree.root });
    expect(() => config.get('scan.nope')).toThrow(expect.objectContaining({ code: 'CONFIG_UNKNOWN_KEY' }));
    expect(() => config.get('__proto__')).toThrow(expect.objectContaining({ code: 'CONFIG_UNKNOWN_KEY' }));
    expect(config.get('plugins.anything.goes')).toBeUndefined();
  });
});

describe('setConfigValue / unsetConfigValue', () => {
  const read = (f: string): unknown => JSON.parse(readFileSync(tree.abs(f), 'utf8'));

  it('writes ordinary keys to the committed file and privileged keys to the local file, atomically', () => {
    tree.write({ '.skill-map/settings.json': json({ scan: { maxNodes: 10 } }) });
    const a = setConfigValue({ projectRoot: tree.root, key: 'scan.maxScan', value: 9000 });
    expect(a).toMatchObject({ layer: 'project', previous: undefined });
    expect(read('.skill-map/settings.json')).toEqual({ scan: { maxNodes: 10, maxScan: 9000 } });
    const b = setConfigValue({ projectRoot: tree.root, key: 'mcp.server.enabled', value: true });
    expect(b.layer).toBe('project-local');
    expect(read('.skill-map/settings.local.json')).toEqual({ mcp: { server: { enabled: true } } });
    expect(readdirSync(tree.abs('.skill-map')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(loadConfig({ projectRoot: tree.root }).get('mcp.server.enabled')).toBe(true);
  });

  it('refuses unknown keys, invalid values and privileged keys aimed at the committed file', () => {
    expect(() => setConfigValue({ projectRoot: tree.root, key: 'scan.nope', value: 1 })).toThrow(
      expect.objectContaining({ code: 'CONFIG_UNKNOWN_KEY' }),
    );
    expect(() => setConfigValue({ projectRoot: tree.root, key: 'server.host', value: '0.0.0.0' })).toThrow(
      expect.objectContaining({
        code: 'CONFIG_INVALID_VALUE',
        message: expect.stringContaining('must be one of "127.0.0.1"'),
      }),
    );
    expect(() =>
      setConfigValue({ projectRoot: tree.root, key: 'allowEditSmFiles', value: true, layer: 'project' }),
    ).toThrow(expect.objectContaining({ code: 'CONFIG_PRIVILEGED_KEY' }));
  });

  it('unsets a key so the lower layer shows through', () => {
    setConfigValue({ projectRoot: tree.root, key: 'scan.maxScan', value: 10, layer: 'project-local' });
    expect(
      unsetConfigValue({ projectRoot: tree.root, key: 'scan.maxScan', layer: 'project-local' }).previous,
    ).toBe(10);
    expect(loadConfig({ projectRoot: tree.root }).get('scan.maxScan')).toBe(50_000);
  });

  it('parses CLI values as JSON when possible', () => {
    expect([
      parseConfigValue('true'),
      parseConfigValue('42'),
      parseConfigValue('["a"]'),
      parseConfigValue('debug'),
    ]).toEqual([true, 42, ['a'], 'debug']);
  });
});
