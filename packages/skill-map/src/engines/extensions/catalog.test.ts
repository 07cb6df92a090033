import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempTree } from '../../adapters/testing/temp-tree.js';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { createEngineContext } from '../operable/create-context.js';
import { isEngineError } from '../errors.js';
import { BUILTIN_EXTENSIONS, createExtensionCatalog, toExtensionInfo } from './catalog.js';
import { enableKey } from './enable-state.js';
import { listExtensions } from './list-extensions.js';
import type { ProbExtension } from './types.js';

const NO_CONFIG = {};
const catalog = createExtensionCatalog();

/** The EngineError a resolution throws (fails the test when it does not throw one). */
function refusal(input: string, config: Record<string, unknown> = NO_CONFIG, c = catalog) {
  try {
    c.resolve(input, config);
  } catch (err) {
    if (isEngineError(err)) return err;
    throw err;
  }
  throw new Error(`resolve("${input}") did not refuse`);
}

const disabled = (name: string): Record<string, unknown> => ({
  plugins: { core: { extensions: { [name]: { enabled: false } } } },
});

describe('built-in catalog', () => {
  const ids = BUILTIN_EXTENSIONS.map((d) => d.id);

  it('ships a finder and a fixer for each axis, the two issue fixers, the summarizer and the tagger', () => {
    for (const axis of ['security', 'trigger', 'vagueness', 'contradiction', 'redundancy', 'structure']) {
      const finder = catalog.get(`core/ai-${axis}-analyzer`);
      const fixer = catalog.get(`core/ai-${axis}-action`);
      expect(finder).toMatchObject({ kind: 'analyzer', role: 'finder', report: 'findings' });
      expect(fixer).toMatchObject({
        kind: 'action',
        role: 'fixer',
        report: 'fixer',
        analyzerIds: [`core/ai-${axis}-analyzer`],
      });
    }
    expect(catalog.get('core/ai-reference-action')).toMatchObject({
      role: 'fixer',
      analyzerIds: ['core/reference-broken'],
    });
    expect(catalog.get('core/ai-name-action')).toMatchObject({
      role: 'fixer',
      analyzerIds: ['core/name-mismatch'],
    });
    expect(catalog.get('core/ai-summarizer-action')).toMatchObject({ role: 'standalone', report: 'summary' });
    expect(catalog.get('core/ai-tagger-action')).toMatchObject({ role: 'standalone', report: 'tags' });
    expect(catalog.get('core/ai-summarizer-action')?.analyzerIds).toBeUndefined();
  });

  it('has unique qualified ids, semver versions and one-sentence descriptions', () => {
    expect(new Set(ids).size).toBe(ids.length);
    for (const d of BUILTIN_EXTENSIONS) {
      expect(d.id).toMatch(/^core\/ai-[a-z]+-(analyzer|action)$/);
      expect(d.id.endsWith('-analyzer')).toBe(d.kind === 'analyzer');
      expect(d.version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(d.description.length).toBeGreaterThan(20);
      expect(d.description.length).toBeLessThan(220);
    }
  });

  it('points every finder-fixer at a finder of this catalog', () => {
    for (const d of BUILTIN_EXTENSIONS.filter((x) => x.role === 'fixer')) {
      for (const a of d.analyzerIds ?? []) {
        if (a.startsWith('core/ai-')) expect(catalog.get(a)?.role).toBe('finder');
      }
    }
  });

  it('lists enabled extensions sorted by id, fixers with analyzerIds, others without', () => {
    const listed = catalog.listEnabled(NO_CONFIG).map(toExtensionInfo);
    expect(listed.map((e) => e.id)).toEqual([...ids].sort());
    expect(listed.find((e) => e.id === 'core/ai-trigger-action')).toEqual({
      id: 'core/ai-trigger-action',
      kind: 'action',
      role: 'fixer',
      description: expect.any(String),
      analyzerIds: ['core/ai-trigger-analyzer'],
    });
    expect(listed.find((e) => e.id === 'core/ai-trigger-analyzer')).not.toHaveProperty('analyzerIds');
  });

  it('honours the enable key and hides locked extensions', () => {
    const locked: ProbExtension = {
      ...catalog.get('core/ai-security-analyzer')!,
      id: 'core/ai-ping-action',
      locked: true,
    };
    const c = createExtensionCatalog([...BUILTIN_EXTENSIONS, locked]);
    const listed = c.listEnabled(disabled('ai-vagueness-analyzer')).map((d) => d.id);
    expect(listed).not.toContain('core/ai-vagueness-analyzer');
    expect(listed).not.toContain('core/ai-ping-action');
    expect(listed).toContain('core/ai-vagueness-action');
    expect(c.all()).toContain(locked);
  });

  it('lets a default-disabled extension be switched on explicitly', () => {
    const off: ProbExtension = { ...catalog.get('core/ai-tagger-action')!, defaultEnabled: false };
    const c = createExtensionCatalog([off]);
    expect(c.listEnabled(NO_CONFIG)).toEqual([]);
    const on = { plugins: { core: { extensions: { 'ai-tagger-action': { enabled: true } } } } };
    expect(c.listEnabled(on)).toEqual([off]);
    expect(c.resolve('ai-tagger-action', on)).toBe(off);
  });
});

describe('resolution', () => {
  it('accepts the qualified id, the bare suffix and the action:/analyzer: prefixes', () => {
    const finder = catalog.get('core/ai-security-analyzer');
    expect(catalog.resolve('core/ai-security-analyzer', NO_CONFIG)).toBe(finder);
    expect(catalog.resolve('ai-security-analyzer', NO_CONFIG)).toBe(finder);
    expect(catalog.resolve('analyzer:ai-security-analyzer', NO_CONFIG)).toBe(finder);
    expect(catalog.resolve('analyzer:core/ai-security-analyzer', NO_CONFIG)).toBe(finder);
    expect(catalog.resolve('action:ai-security-action', NO_CONFIG)).toBe(
      catalog.get('core/ai-security-action'),
    );
    expect(catalog.resolve('  ai-tagger-action ', NO_CONFIG).id).toBe('core/ai-tagger-action');
  });

  it('refuses a bare id naming both an action and an analyzer, naming both', () => {
    const base = catalog.get('core/ai-security-analyzer')!;
    const twin: ProbExtension[] = [
      { ...base, id: 'acme/lint' },
      { ...base, id: 'acme/lint-fixer', kind: 'action', role: 'standalone' },
      { ...base, id: 'other/lint', kind: 'action', role: 'standalone' },
    ];
    const c = createExtensionCatalog(twin);
    const err = refusal('lint', NO_CONFIG, c);
    expect(err.code).toBe('ambiguous-extension');
    expect(err.message).toContain('analyzer:acme/lint');
    expect(err.message).toContain('action:other/lint');
    expect(err.message).toContain('prefix it with action: or analyzer:');
    expect(c.resolve('analyzer:lint', NO_CONFIG).id).toBe('acme/lint');
    expect(c.resolve('action:lint', NO_CONFIG).id).toBe('other/lint');
    expect(c.resolve('other/lint', NO_CONFIG).id).toBe('other/lint');
  });

  it('answers an unknown id with not-found and suggestions', () => {
    const typo = refusal('ai-secruity-analyzer');
    expect(typo.code).toBe('not-found');
    expect(typo.message).toContain('did you mean core/ai-security-analyzer');
    expect(typo.details).toMatchObject({ suggestions: ['core/ai-security-analyzer'] });
    const axis = refusal('security');
    expect(axis.code).toBe('not-found');
    expect(axis.details?.['suggestions']).toEqual(
      expect.arrayContaining(['core/ai-security-action', 'core/ai-security-analyzer']),
    );
    const nothing = refusal('zzz-qqq');
    expect(nothing.code).toBe('not-found');
    expect(nothing.message).not.toContain('did you mean');
  });

  it('says when the prefix names the wrong kind', () => {
    const err = refusal('action:ai-security-analyzer');
    expect(err.code).toBe('not-found');
    expect(err.message).toContain('core/ai-security-analyzer is an analyzer, not an action');
  });

  it('refuses deterministic analyzers as unsupported, saying they are deterministic', () => {
    for (const input of [
      'core/reference-broken',
      'reference-broken',
      'name-mismatch',
      'core/schema-violation',
    ]) {
      const err = refusal(input);
      expect(err.code).toBe('unsupported-extension');
      expect(err.message).toContain('deterministic');
      expect(err.details).toMatchObject({ reason: 'deterministic' });
    }
  });

  it('refuses a disabled extension naming its config key, per call', () => {
    const config = disabled('ai-structure-analyzer');
    const err = refusal('ai-structure-analyzer', config);
    expect(err.code).toBe('unsupported-extension');
    expect(err.message).toContain('plugins.core.extensions.ai-structure-analyzer.enabled');
    expect(err.details).toMatchObject({ reason: 'disabled', key: enableKey('core/ai-structure-analyzer') });
    expect(catalog.resolve('ai-structure-analyzer', NO_CONFIG).id).toBe('core/ai-structure-analyzer');
  });

  it('refuses a locked system extension', () => {
    const ping: ProbExtension = {
      ...catalog.get('core/ai-summarizer-action')!,
      id: 'core/ai-ping-action',
      locked: true,
    };
    const err = refusal('ai-ping-action', NO_CONFIG, createExtensionCatalog([ping]));
    expect(err.code).toBe('unsupported-extension');
    expect(err.details).toMatchObject({ reason: 'locked' });
  });

  it('refuses an empty id as invalid input', () => {
    expect(refusal('  ').code).toBe('invalid-input');
  });
});

describe('listExtensions over the live config', () => {
  let tree: TempTree;
  beforeEach(() => {
    tree = createTempTree('sm-ext-');
  });
  afterEach(() => tree.remove());

  it('re-reads the layered settings on every call', async () => {
    const ctx = createEngineContext({ scopeRoot: tree.root, dbPath: tree.abs('x.db'), channel: 'cli' });
    expect((await listExtensions(ctx)).map((e) => e.id)).toContain('core/ai-redundancy-analyzer');
    tree.write({
      '.skill-map/settings.local.json': JSON.stringify(disabled('ai-redundancy-analyzer')),
    });
    const ids = (await listExtensions(ctx)).map((e) => e.id);
    expect(ids).not.toContain('core/ai-redundancy-analyzer');
    expect(ids).toContain('core/ai-redundancy-action');
    expect(() => ctx.extensions.resolve('ai-redundancy-analyzer', ctx.config())).toThrow(/disabled/);
  });
});

describe('the plugin switch', () => {
  it('switching the core plugin off hides its extensions from list_extensions and refuses them by name', () => {
    const off = { plugins: { core: { enabled: false } } };
    expect(catalog.listEnabled(off)).toEqual([]);
    expect(catalog.listEnabled({ plugins: { core: { enabled: true } } }).length).toBe(
      catalog.listEnabled({}).length,
    );
    const err = refusal('core/ai-security-analyzer', off);
    expect(err.message).toContain('plugins.core.enabled');
    expect(err.details).toMatchObject({ reason: 'disabled', key: 'plugins.core.enabled' });
  });
});
