import type { LensDecision, ScanSettings } from './types.js';
import { DEFAULT_LENS, getProvider, inPrecedenceOrder, LENS_PROVIDERS } from './providers/registry.js';
import { PLUGIN_MANIFEST_DIRS } from './providers/plugin.js';
import { normalizeRoot } from './util/posix-path.js';

const PLUGIN_MANIFEST = /(?:^|\/)\.(?:claude|cursor|codex)-plugin\/(?:plugin|marketplace)\.json$/;

function rootsOf(settings: ScanSettings): string[] {
  return (settings.roots ?? ['.']).map(normalizeRoot);
}

/** Prefixes a marker may appear under: the top of each scan root. */
function markerHits(paths: readonly string[], roots: readonly string[]): Map<string, Set<string>> {
  const hits = new Map<string, Set<string>>();
  for (const provider of LENS_PROVIDERS) {
    for (const marker of provider.markers) {
      for (const root of roots) {
        const prefix = root === '' ? marker.prefix : `${root}/${marker.prefix}`;
        const isDir = prefix.endsWith('/');
        if (paths.some((p) => (isDir ? p.startsWith(prefix) : p === prefix))) {
          const set = hits.get(provider.id) ?? new Set<string>();
          set.add(prefix);
          hits.set(provider.id, set);
        }
      }
    }
  }
  return hits;
}

/** Plugin roots: parents of plugin manifest dirs, longest first so nested plugins win. */
export function findPluginRoots(paths: readonly string[]): string[] {
  const roots = new Set<string>();
  for (const path of paths) {
    if (!PLUGIN_MANIFEST.test(path)) continue;
    const dir = PLUGIN_MANIFEST_DIRS.map((d) => path.lastIndexOf(d)).find((i) => i >= 0) ?? 0;
    roots.add(dir === 0 ? '' : path.slice(0, dir - 1));
  }
  return [...roots].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
}

/** The configured active set (`settings.activeProvider`): known lens ids in precedence order, or null (detect). */
function configuredSet(settings: ScanSettings, warnings: string[]): string[] | null {
  const raw = settings.activeProvider ?? null;
  if (raw === null) return null;
  const ids = typeof raw === 'string' ? [raw] : [...raw];
  const known: string[] = [];
  for (const id of ids) {
    if (getProvider(id)?.lensCapable === true) known.push(id);
    else if (typeof raw === 'string') {
      warnings.push(`configured activeProvider '${id}' is not a known lens; detecting from markers instead`);
    } else warnings.push(`configured activeProvider '${id}' is not a known lens; ignoring it`);
  }
  if (known.length > 0) return inPrecedenceOrder(known);
  if (typeof raw !== 'string') {
    warnings.push('configured activeProvider lists no known lens; detecting from markers instead');
  }
  return null;
}

/**
 * Decides the active providers from the walked paths and the committed setting. A configured set (one id or a list)
 * wins; else EVERY gated provider whose strong (host dir) marker sits at the top of a scan root is active, in
 * precedence order (claude > opencode > codex > antigravity > cursor): a repo serving Claude Code, Cursor and Codex
 * gets all three. Without strong markers, weak markers (plugin manifests) pick one provider by precedence; without
 * any marker the set is the `agent-skills` default. `provider` is the primary (first) provider of the set.
 */
export function detectLens(paths: readonly string[], settings: ScanSettings): LensDecision {
  const roots = rootsOf(settings);
  const hits = markerHits(paths, roots);
  const markers = [...hits.values()].flatMap((s) => [...s]).sort();
  const pluginRoots = findPluginRoots(paths);
  const strongOf = (id: string): boolean =>
    [...(hits.get(id) ?? [])].some((prefix) =>
      getProvider(id)?.markers.some((m) => m.strength === 'strong' && prefix.endsWith(m.prefix)),
    );
  const strong = LENS_PROVIDERS.filter((p) => p.gated && strongOf(p.id));
  const weak = LENS_PROVIDERS.filter((p) => p.gated && hits.has(p.id) && !strongOf(p.id));
  const candidates = (strong.length > 0 ? strong : weak).map((p) => p.id);
  const warnings: string[] = [];
  const base = { markers, candidates, pluginRoots, markersDrift: false, warnings };
  const decide = (providers: string[], status: LensDecision['status']): LensDecision => ({
    ...base,
    provider: providers[0]!,
    providers,
    status,
  });

  const configured = configuredSet(settings, warnings);
  if (configured !== null) {
    const snapshot = settings.activeProviderMarkers;
    const markersDrift = snapshot !== undefined && [...snapshot].sort().join('\n') !== markers.join('\n');
    return { ...decide(configured, 'configured'), markersDrift };
  }
  if (strong.length > 0) return decide(candidates, 'detected');
  if (weak.length > 1) {
    warnings.push(
      `several plugin manifests found (${candidates.join(', ')}); using '${candidates[0]!}' by precedence`,
    );
  }
  if (candidates.length > 0) return decide([candidates[0]!], 'detected');
  return decide([DEFAULT_LENS], 'default');
}
