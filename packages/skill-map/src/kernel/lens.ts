import type { LensDecision, ScanSettings } from './types.js';
import { DEFAULT_LENS, getProvider, LENS_PROVIDERS } from './providers/registry.js';
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

/**
 * Decides the active provider lens from the walked paths and the committed setting. A configured lens wins; else
 * strong (host dir) markers decide, with opencode subsuming claude; several strong candidates are `ambiguous` (the
 * precedence pick is returned so the caller can prompt or exit 2). Without strong markers, weak markers (plugin
 * manifests) decide by precedence; without any marker the lens is `agent-skills`.
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
  let strong = LENS_PROVIDERS.filter((p) => p.gated && strongOf(p.id));
  const subsumed = new Set(strong.flatMap((p) => p.subsumes));
  strong = strong.filter((p) => !subsumed.has(p.id));
  const weak = LENS_PROVIDERS.filter((p) => p.gated && hits.has(p.id) && !strongOf(p.id));
  const candidates = (strong.length > 0 ? strong : weak).map((p) => p.id);
  const warnings: string[] = [];
  const base = { markers, candidates, pluginRoots, markersDrift: false, warnings };

  const configured = settings.activeProvider ?? null;
  if (configured !== null) {
    const provider = getProvider(configured);
    if (provider !== undefined && provider.lensCapable) {
      const snapshot = settings.activeProviderMarkers;
      const markersDrift = snapshot !== undefined && [...snapshot].sort().join('\n') !== markers.join('\n');
      return { ...base, provider: configured, status: 'configured', markersDrift };
    }
    warnings.push(
      `configured activeProvider '${configured}' is not a known lens; detecting from markers instead`,
    );
  }
  if (strong.length > 1) {
    warnings.push(`several host markers found (${candidates.join(', ')}); pick one with activeProvider`);
    return { ...base, provider: candidates[0]!, status: 'ambiguous' };
  }
  if (strong.length === 0 && weak.length > 1) {
    warnings.push(
      `several plugin manifests found (${candidates.join(', ')}); using '${candidates[0]!}' by precedence`,
    );
  }
  if (candidates.length > 0) return { ...base, provider: candidates[0]!, status: 'detected' };
  return { ...base, provider: DEFAULT_LENS, status: 'default' };
}
