import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NODE_KINDS } from '@skill-map/spec';
import { scanSources } from '../scan.js';
import { EVERY_KIND_PROJECT } from '../testing/every-kind-project.js';
import type { Provider } from '../providers/provider.js';
import { kernelBuiltinPlugins, registryOf } from './core-plugins.js';
import { kindRegistryOf, providerRegistryOf } from './kind-registry.js';
import { createRegistry } from './registry.js';
import type { ExtensionInput, PluginDescriptor } from './types.js';

const sha = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');
const plugin = (id: string): PluginDescriptor => ({
  id,
  version: '2.0.0',
  specCompat: '^1.0.0',
  source: 'project',
});
const notes: Provider = {
  id: 'acme/notes',
  stability: 'experimental',
  gated: false,
  lensCapable: false,
  markers: [],
  subsumes: [],
  kinds: ['rule'],
  ui: { rule: { label: 'Team notes', color: '#112233', emoji: '🗒' } },
  resolution: {},
  reserved: {},
  mcpConfigs: [],
  sigil: null,
  skillDir: null,
  classify: (path) => (path.startsWith('notes/') ? 'rule' : null),
};
const ext: ExtensionInput = {
  kind: 'provider',
  mode: 'deterministic',
  id: 'acme/notes',
  version: '2.0.0',
  description: 'Team notes',
  impl: notes,
};

describe('kindRegistry and providerRegistry', () => {
  it('the built-ins cover every kind and provider a scan of every kind produces', () => {
    const registry = registryOf(kernelBuiltinPlugins());
    const kinds = kindRegistryOf(registry);
    const providers = providerRegistryOf(registry);
    const files = Object.entries(EVERY_KIND_PROJECT).map(([path, text]) => ({
      path,
      text,
      bytes: Buffer.byteLength(text),
      modifiedAtMs: 1,
    }));
    const { result } = scanSources(files, { registry }, { hash: sha });
    expect(new Set(result.nodes.map((n) => n.kind))).toEqual(new Set(NODE_KINDS));
    for (const node of result.nodes) {
      expect(kinds[node.kind], node.path).toBeDefined();
      expect(providers[node.provider], node.path).toBeDefined();
    }
    expect(kinds['skill']).toEqual({
      providerId: 'claude',
      label: 'Skills',
      color: '#2f6fdb',
      colorDark: '#6ea8ff',
    });
    expect(providers['core/markdown']).toMatchObject({
      pluginId: 'core',
      qualifiedId: 'core/markdown',
      kinds: ['markdown'],
    });
  });

  it('a plugin provider brings its own visuals for a kind no earlier provider declared; the first one wins', () => {
    const alone = createRegistry();
    alone.register(plugin('acme'), [ext]);
    expect(kindRegistryOf(alone.build())).toEqual({
      rule: { providerId: 'acme/notes', label: 'Team notes', color: '#112233', emoji: '🗒' },
    });
    expect(providerRegistryOf(alone.build())).toEqual({
      'acme/notes': {
        pluginId: 'acme',
        qualifiedId: 'acme/notes',
        version: '2.0.0',
        kinds: ['rule'],
        stability: 'experimental',
        description: 'Team notes',
      },
    });
    const both = createRegistry();
    for (const p of kernelBuiltinPlugins()) both.register(p.descriptor, p.extensions);
    both.register(plugin('acme'), [ext]);
    expect(kindRegistryOf(both.build())['rule']).toMatchObject({ providerId: 'cursor', label: 'Rules' });
    expect(providerRegistryOf(both.build())['acme/notes']?.pluginId).toBe('acme');
  });

  it('an empty registry has no kinds and no providers', () => {
    const empty = createRegistry().build();
    expect(kindRegistryOf(empty)).toEqual({});
    expect(providerRegistryOf(empty)).toEqual({});
  });
});
