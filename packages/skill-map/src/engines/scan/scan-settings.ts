import type { LoadedConfig } from '../../adapters/config/layered-config.js';
import type { IgnoredReference, ScanSettings } from '../../kernel/index.js';

/** The slice of the layered config a scan needs, typed. */
export interface ScanConfigView {
  readonly maxFileSizeBytes: number;
  readonly maxScan: number;
  readonly maxRenderNodes: number;
  readonly respectGitignore: boolean;
  readonly ignorePatterns: string[];
  readonly followExternalSymlinks: boolean;
  readonly tokenizer: 'cl100k_base' | 'o200k_base' | undefined;
  /** What the kernel receives. */
  readonly settings: ScanSettings;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
const num = (v: unknown, fallback: number): number =>
  typeof v === 'number' && Number.isFinite(v) ? v : fallback;

const MATCH_TYPES = new Set(['literal', 'regex', 'glob']);

/** The `ignored-references` match-list: strings, and typed `{ type, value }` entries (others are skipped). */
function ignoredReferences(v: unknown): (string | IgnoredReference)[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((e): (string | IgnoredReference)[] => {
    if (typeof e === 'string') return [e];
    if (isRecord(e) && typeof e['value'] === 'string' && MATCH_TYPES.has(e['type'] as string))
      return [{ type: e['type'] as IgnoredReference['type'], value: e['value'] }];
    return [];
  });
}

/** Qualified ids of extensions switched off with `plugins.<plugin>.extensions.<ext>.enabled: false`. */
export function disabledExtensions(plugins: unknown): string[] {
  if (!isRecord(plugins)) return [];
  const out: string[] = [];
  for (const [pluginId, plugin] of Object.entries(plugins)) {
    const extensions = isRecord(plugin) ? plugin['extensions'] : undefined;
    if (!isRecord(extensions)) continue;
    for (const [extId, ext] of Object.entries(extensions)) {
      if (isRecord(ext) && ext['enabled'] === false) out.push(`${pluginId}/${extId}`);
    }
  }
  return out.sort();
}

/** Projects the merged config onto walk options and kernel scan settings. */
export function scanConfigFrom(config: LoadedConfig): ScanConfigView {
  const m = config.merged;
  const scan = isRecord(m['scan']) ? m['scan'] : {};
  const disabled = disabledExtensions(m['plugins']);
  const ignored = ignoredReferences(
    config.get('plugins.core.extensions.reference-broken.settings.ignored-references'),
  );
  const activeProvider = typeof m['activeProvider'] === 'string' ? m['activeProvider'] : null;
  const settings: ScanSettings = {
    activeProvider,
    roots: strings(scan['roots']).length > 0 ? strings(scan['roots']) : ['.'],
    strict: scan['strict'] === true,
    disabledExtractors: disabled,
    disabledAnalyzers: disabled,
    ignoredReferences: ignored,
    referencePaths: strings(scan['referencePaths']),
  };
  // Issue 25's budgets: `plugins.core.extensions.<rule>.settings.*`, positive whole numbers.
  const positive = (key: string): number | null => {
    const v = config.get(key);
    return typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : null;
  };
  const listingBudget = positive('plugins.core.extensions.skill-listing-budget.settings.budget');
  if (listingBudget !== null) settings.listingBudget = listingBudget;
  const agentsMdMaxBytes = positive('plugins.core.extensions.agents-md-over-limit.settings.maxBytes');
  if (agentsMdMaxBytes !== null) settings.agentsMdMaxBytes = agentsMdMaxBytes;
  if (Array.isArray(m['activeProviderMarkers']))
    settings.activeProviderMarkers = strings(m['activeProviderMarkers']);
  const tokenizer =
    m['tokenizer'] === 'o200k_base' || m['tokenizer'] === 'cl100k_base' ? m['tokenizer'] : undefined;
  return {
    maxFileSizeBytes: num(scan['maxFileSizeBytes'], 1024 * 1024),
    maxScan: num(scan['maxScan'], 50_000),
    maxRenderNodes: num(scan['maxNodes'], 256),
    respectGitignore: scan['respectGitignore'] !== false,
    ignorePatterns: strings(m['ignore']),
    followExternalSymlinks: scan['followExternalSymlinks'] === true,
    tokenizer,
    settings,
  };
}
