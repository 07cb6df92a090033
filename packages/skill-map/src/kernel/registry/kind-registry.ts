// The registries a REST envelope carries (spec §12.4), read from the one extension registry: which node kinds exist
// and how to draw them (kindRegistry), which providers stamp nodes (providerRegistry). Pure: data in, data out.
import type {
  ContributionRegistryEntry,
  EnvelopeRegistries,
  KindRegistryEntry,
  KindUi,
  NodeKind,
  ProviderRegistryEntry,
} from '@skill-map/spec';
import type { ExtensionRegistry } from './types.js';

/** How the built-in kinds are drawn (a provider's own `ui` for a kind wins over these). */
export const BUILTIN_KIND_UI: Readonly<Record<NodeKind, KindUi>> = {
  skill: { label: 'Skills', color: '#2f6fdb', colorDark: '#6ea8ff' },
  agent: { label: 'Agents', color: '#8e44ad', colorDark: '#c08af0' },
  command: { label: 'Commands', color: '#0e8a7e', colorDark: '#3fd0bf' },
  workflow: { label: 'Workflows', color: '#b5651d', colorDark: '#f0a35e' },
  rule: { label: 'Rules', color: '#5d6d7e', colorDark: '#aab7c4' },
  mcp: { label: 'MCP servers', color: '#00838f', colorDark: '#4dd0e1' },
  markdown: { label: 'Markdown', color: '#7b8794', colorDark: '#8d99a6' },
  plugin: { label: 'Plugins', color: '#a0406d', colorDark: '#f08cbc' },
  marketplace: { label: 'Marketplaces', color: '#946200', colorDark: '#e0b050' },
  settings: { label: 'Settings', color: '#4a7c1f', colorDark: '#9ad065' },
};

/**
 * Kinds the kernel itself stamps with a built-in provider's id besides the kinds that provider classifies (host
 * settings files, plugin and marketplace manifests).
 */
const STAMPED_KINDS: Readonly<Record<string, readonly string[]>> = {
  'core/claude': ['settings'],
  'core/plugin': ['plugin', 'marketplace', 'settings'],
};

function uiOf(kind: string, declared: KindUi | undefined): KindUi {
  const ui = declared ?? (BUILTIN_KIND_UI as Readonly<Record<string, KindUi>>)[kind];
  if (ui !== undefined) return { ...ui, ...(ui.icon === undefined ? {} : { icon: { ...ui.icon } }) };
  return { label: kind, color: '#7b8794' };
}

/**
 * Every kind the registry's providers declare, keyed by kind, in registration order: when two providers declare one
 * kind, the first registered (the built-ins, before any drop-in) owns the entry.
 */
export function kindRegistryOf(registry: ExtensionRegistry): Record<string, KindRegistryEntry> {
  const out: Record<string, KindRegistryEntry> = {};
  for (const entry of registry.ofKind('provider')) {
    if (entry.kind !== 'provider') continue;
    const p = entry.impl;
    const kinds = [...p.kinds, ...(STAMPED_KINDS[entry.qualifiedId] ?? [])];
    for (const kind of kinds) {
      if (Object.hasOwn(out, kind)) continue;
      out[kind] = { providerId: p.id, ...uiOf(kind, p.ui?.[kind]) };
    }
  }
  return out;
}

/** Every provider of the registry, keyed by the provider id its nodes carry. */
export function providerRegistryOf(registry: ExtensionRegistry): Record<string, ProviderRegistryEntry> {
  const out: Record<string, ProviderRegistryEntry> = {};
  for (const entry of registry.ofKind('provider')) {
    if (entry.kind !== 'provider') continue;
    const p = entry.impl;
    out[p.id] = {
      pluginId: entry.pluginId,
      qualifiedId: entry.qualifiedId,
      version: entry.version,
      kinds: [...new Set([...p.kinds, ...(STAMPED_KINDS[entry.qualifiedId] ?? [])])],
      stability: p.stability,
      ...(entry.description === '' ? {} : { description: entry.description }),
    };
  }
  return out;
}

/** The view contributions of the registry's plugins, keyed by `<plugin>/<contribution>`. */
export function contributionsRegistryOf(
  registry: ExtensionRegistry,
): Record<string, ContributionRegistryEntry> {
  const out: Record<string, ContributionRegistryEntry> = {};
  for (const plugin of registry.plugins()) {
    for (const c of plugin.contributions ?? [])
      out[`${plugin.id}/${c.id}`] = {
        pluginId: plugin.id,
        slot: c.slot,
        title: c.title,
        render: c.render,
        ...(c.kinds === undefined ? {} : { kinds: [...c.kinds] }),
        ...(c.description === undefined ? {} : { description: c.description }),
      };
    for (const u of plugin.ui ?? [])
      out[`${plugin.id}/${u.key}`] = {
        pluginId: plugin.id,
        slot: u.slot,
        title: u.label === undefined || u.label === '' ? u.key : u.label,
        extension: u.extension,
        ...(u.icon === undefined ? {} : { icon: u.icon }),
        ...(u.tooltip === undefined ? {} : { tooltip: u.tooltip }),
        ...(u.emptyText === undefined ? {} : { emptyText: u.emptyText }),
        ...(u.priority === undefined ? {} : { priority: u.priority }),
      };
  }
  return out;
}

/** The three registries a payload-bearing REST envelope carries. */
export function envelopeRegistriesOf(registry: ExtensionRegistry): EnvelopeRegistries {
  return {
    kindRegistry: kindRegistryOf(registry),
    providerRegistry: providerRegistryOf(registry),
    contributionsRegistry: contributionsRegistryOf(registry),
  };
}
