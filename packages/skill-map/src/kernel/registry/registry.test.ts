import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { scanSources } from '../scan.js';
import { EVERY_KIND_PROJECT } from '../testing/every-kind-project.js';
import type { Provider } from '../providers/provider.js';
import type { SourceFile } from '../types.js';
import { kernelBuiltinPlugins, registryOf } from './core-plugins.js';
import { createRegistry } from './registry.js';
import type { ExtensionInput, PluginDescriptor } from './types.js';

const sha = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');
const sources = (tree: Readonly<Record<string, string>>): SourceFile[] =>
  Object.entries(tree).map(([path, text]) => ({
    path,
    text,
    bytes: Buffer.byteLength(text),
    modifiedAtMs: 1,
  }));
const plugin = (id: string): PluginDescriptor => ({
  id,
  version: '1.0.0',
  specCompat: '^1.0.0',
  source: 'project',
});

const rulesProvider: Provider = {
  id: 'rules',
  stability: 'experimental',
  gated: false,
  lensCapable: false,
  markers: [],
  subsumes: [],
  kinds: ['rule'],
  resolution: {},
  reserved: {},
  mcpConfigs: [],
  sigil: null,
  skillDir: null,
  classify: (path) => (path.startsWith('rules/') ? 'rule' : null),
};
const providerExt = (impl: Provider, id = impl.id): ExtensionInput => ({
  kind: 'provider',
  mode: 'deterministic',
  id,
  version: '1.0.0',
  description: 'rules',
  impl,
});

describe('the extension registry', () => {
  it('boots with every extension removed and returns an empty graph (nodes, links and issues)', () => {
    const empty = createRegistry().build();
    const { result } = scanSources(sources(EVERY_KIND_PROJECT), { registry: empty }, { hash: sha });
    expect(result.nodes).toEqual([]);
    expect(result.links).toEqual([]);
    expect(result.issues).toEqual([]);
    // The same project under the built-ins maps every kind: the emptiness comes from the registry, not the input.
    const full = scanSources(sources(EVERY_KIND_PROJECT), {}, { hash: sha }).result;
    expect(full.nodes.length).toBeGreaterThan(10);
  });

  it('registers the built-ins as plugins with qualified ids <plugin>/<extension>, the same way as anyone', () => {
    const registry = registryOf(kernelBuiltinPlugins());
    expect(registry.plugins().map((p) => p.id)).toEqual(['core', 'claude', 'codex']);
    expect(registry.get('core/reference-broken')?.kind).toBe('analyzer');
    expect(registry.get('core/claude')?.kind).toBe('provider');
    expect(registry.get('claude/at-directive')?.pluginId).toBe('claude');
    expect(registry.formatter('mermaid')?.id).toBe('core/mermaid');
    for (const e of registry.all()) expect(e.qualifiedId).toBe(`${e.pluginId}/${e.shortId}`);
  });

  it('a plugin provider claims its files before markdown, and changes the records cache key', () => {
    const builder = createRegistry();
    for (const p of kernelBuiltinPlugins()) builder.register(p.descriptor, p.extensions);
    expect(builder.register(plugin('acme'), [providerExt(rulesProvider)])).toEqual([]);
    const registry = builder.build();
    const files = sources({ 'rules/style.md': '# Style\n', 'docs/a.md': '# A\n' });
    const withPlugin = scanSources(files, { registry }, { hash: sha });
    const kinds = Object.fromEntries(withPlugin.result.nodes.map((n) => [n.path, [n.kind, n.provider]]));
    expect(kinds).toEqual({
      'rules/style.md': ['rule', 'rules'],
      'docs/a.md': ['markdown', 'core/markdown'],
    });
    const builtIns = scanSources(files, {}, { hash: sha });
    expect(withPlugin.records[0]!.cacheKey).not.toBe(builtIns.records[0]!.cacheKey);
  });

  it('refuses id collisions, foreign namespaces and probabilistic kinds that must be deterministic', () => {
    const builder = createRegistry();
    expect(builder.register(plugin('acme'), [providerExt(rulesProvider)])).toEqual([]);
    const errors = builder.register(plugin('other'), [
      providerExt(rulesProvider, 'acme/rules'),
      { ...providerExt(rulesProvider, 'x'), mode: 'probabilistic' } as unknown as ExtensionInput,
      providerExt(rulesProvider, 'Bad_Id'),
    ]);
    expect(errors.map((e) => e.code)).toEqual(['foreign-namespace', 'invalid-mode', 'invalid-id']);
    expect(builder.register(plugin('acme'), [])[0]?.code).toBe('id-collision');
    expect(
      builder.register(plugin('third'), [providerExt(rulesProvider), providerExt(rulesProvider)])[0]?.code,
    ).toBe('id-collision');
    expect(
      builder
        .build()
        .all()
        .map((e) => e.qualifiedId),
    ).toEqual(['acme/rules', 'third/rules']);
  });
});
