// What a scan says on stderr about its plugins: a plugin whose manifest is invalid (none of its extensions ran), a
// plugin still declaring its view contributions in plugin.json (deprecated), and each contribution payload a plugin
// analyzer emitted that was left out.
import type { ExtensionRegistry } from '../../kernel/index.js';
import type { PluginState } from './types.js';

/** One line per invalid-manifest plugin and per plugin with plugin.json `contributions`. */
export function pluginLoadWarnings(plugins: readonly PluginState[]): string[] {
  const out: string[] = [];
  for (const p of plugins) {
    if (p.status === 'invalid-manifest')
      out.push(`plugin ${p.id} (invalid-manifest), all extensions skipped: ${p.statusReason ?? ''}`);
    if (p.status === 'enabled' && (p.manifest?.contributions?.length ?? 0) > 0)
      out.push(
        `plugin ${p.id}: view contributions in plugin.json \`contributions\` are deprecated (they still work); ` +
          'declare a `ui` map on the extension and emit with ctx.emitContribution (docs/skill-map/plugins.md)',
      );
  }
  return out;
}

/** The left-out contribution payloads the registry's plugin analyzers reported since the last take. */
export function takeAnalyzerWarnings(registry: ExtensionRegistry): string[] {
  return registry
    .ofKind('analyzer')
    .flatMap((e) =>
      e.kind === 'analyzer' && e.mode === 'deterministic' ? (e.impl.takeWarnings?.() ?? []) : [],
    );
}
