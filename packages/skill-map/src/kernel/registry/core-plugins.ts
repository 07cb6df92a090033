// The kernel's built-ins as plugins (`core`, plus `claude` and `codex` for their host grammars), registered through
// the same registry as a drop-in plugin. The engines add their probabilistic extensions to `core` before registering.
import { SPEC_VERSION } from '@skill-map/spec';
import { BUILTIN_ANALYZERS } from '../analyzers/catalog.js';
import { BUILTIN_EXTRACTORS } from '../extractors/registry.js';
import { formatAscii, formatDot, formatJson, formatMermaid } from '../format/graph-formats.js';
import { BUILTIN_PROVIDERS } from '../providers/registry.js';
import { createRegistry } from './registry.js';
import type { ExtensionInput, ExtensionRegistry, Formatter, PluginDescriptor } from './types.js';

/** A built-in plugin: its manifest identity and its extensions. */
export interface BuiltinPlugin {
  descriptor: PluginDescriptor;
  extensions: ExtensionInput[];
}

/** Version of the built-in plugins (they ship with the spec they implement). */
export const BUILTIN_PLUGIN_VERSION = SPEC_VERSION;

const BUILTIN_FORMATTERS: readonly Formatter[] = [
  { id: 'core/ascii', format: 'ascii', contentType: 'text/plain; charset=utf-8', render: formatAscii },
  {
    id: 'core/json',
    format: 'json',
    contentType: 'application/json',
    render: (g) => formatJson({ nodes: g.nodes, links: g.links, issues: g.issues }),
  },
  { id: 'core/mermaid', format: 'mermaid', contentType: 'text/plain; charset=utf-8', render: formatMermaid },
  { id: 'core/dot', format: 'dot', contentType: 'text/vnd.graphviz; charset=utf-8', render: formatDot },
];

const descriptor = (id: string, description: string): PluginDescriptor => ({
  id,
  version: BUILTIN_PLUGIN_VERSION,
  specCompat: `^${SPEC_VERSION}`,
  description,
  source: 'built-in',
});

const pluginOf = (id: string): string => (id.includes('/') ? id.slice(0, id.indexOf('/')) : 'core');

/** The kernel's built-in plugins, fresh objects on every call (callers may append to `core`'s extensions). */
export function kernelBuiltinPlugins(): BuiltinPlugin[] {
  const plugins = new Map<string, BuiltinPlugin>([
    [
      'core',
      {
        descriptor: descriptor('core', 'Built-in providers, extractors, analyzers and formatters.'),
        extensions: [],
      },
    ],
    [
      'claude',
      { descriptor: descriptor('claude', 'Claude Code grammar: @handle mentions.'), extensions: [] },
    ],
    [
      'codex',
      {
        descriptor: descriptor('codex', 'Codex grammar: $skill invocations, @file in TOML.'),
        extensions: [],
      },
    ],
  ]);
  const add = (ext: ExtensionInput): void => {
    plugins.get(pluginOf(ext.id))!.extensions.push(ext);
  };
  const version = BUILTIN_PLUGIN_VERSION;
  for (const p of BUILTIN_PROVIDERS)
    plugins.get('core')!.extensions.push({
      kind: 'provider',
      mode: 'deterministic',
      id: p.id,
      version,
      description: `${p.id} provider (${p.kinds.join(', ')})`,
      impl: p,
    });
  for (const e of BUILTIN_EXTRACTORS)
    add({
      kind: 'extractor',
      mode: 'deterministic',
      id: e.id,
      version,
      description: `${e.id} extractor`,
      impl: e,
    });
  for (const a of BUILTIN_ANALYZERS)
    add({ kind: 'analyzer', mode: 'deterministic', id: a.id, version, description: a.description, impl: a });
  for (const f of BUILTIN_FORMATTERS)
    add({
      kind: 'formatter',
      mode: 'deterministic',
      id: f.id,
      version,
      description: `${f.format} graph`,
      impl: f,
    });
  return [...plugins.values()];
}

/** A registry of exactly these plugins (registration errors are programming errors here: they throw). */
export function registryOf(plugins: readonly BuiltinPlugin[]): ExtensionRegistry {
  const builder = createRegistry();
  for (const p of plugins) {
    const errors = builder.register(p.descriptor, p.extensions);
    if (errors.length > 0) throw new Error(errors.map((e) => e.message).join('; '));
  }
  return builder.build();
}

let kernelDefault: ExtensionRegistry | null = null;

/**
 * The kernel's built-ins alone, built once on first use (immutable): what a kernel call gets when its caller passes
 * no registry (tests, `scanSources`). Composition roots build their own with the engines' factory.
 */
export function defaultKernelRegistry(): ExtensionRegistry {
  kernelDefault ??= registryOf(kernelBuiltinPlugins());
  return kernelDefault;
}
