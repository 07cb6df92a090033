// The plugin analyzers' view-contribution payloads, handed from the scan's registry to the store after a persist.
import type { ScanStore } from '../../adapters/sqlite/store.js';
import type { ContributionPayload, ExtensionRegistry } from '../../kernel/index.js';

/** The view-contribution payloads of the plugin analyzers that ran since the last take, by plugin. */
export function takeAllContributions(
  registry: ExtensionRegistry | undefined,
): Map<string, ContributionPayload[]> {
  const byPlugin = new Map<string, ContributionPayload[]>();
  for (const entry of registry?.ofKind('analyzer') ?? []) {
    if (entry.kind !== 'analyzer' || entry.mode !== 'deterministic') continue;
    const taken = entry.impl.takeContributions?.() ?? null;
    if (taken !== null) byPlugin.set(entry.pluginId, [...(byPlugin.get(entry.pluginId) ?? []), ...taken]);
  }
  return byPlugin;
}

/**
 * Each plugin analyzer that ran in this scan replaces its plugin's stored view-contribution payloads; a plugin no
 * longer loaded (disabled, untrusted, removed) loses its own.
 */
export function storeContributions(registry: ExtensionRegistry, store: ScanStore): void {
  const byPlugin = takeAllContributions(registry);
  for (const [pluginId, payloads] of byPlugin) store.replaceContributions(pluginId, payloads);
  store.keepContributionsOf(registry.plugins().map((p) => p.id));
}
