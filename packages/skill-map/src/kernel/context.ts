import { activeExtractors } from './extractors/registry.js';
import type { Extractor } from './extractors/extractor.js';
import type { McpConfigSpec, Provider } from './providers/provider.js';
import { providerChain } from './providers/registry.js';
import { defaultKernelRegistry } from './registry/core-plugins.js';
import type { ExtensionRegistry } from './registry/types.js';
import type { FileContext, LensDecision, ScanSettings } from './types.js';
import { normalizeRoot } from './util/posix-path.js';
import { sha256Hex, type HashFn } from './util/sha256.js';

/**
 * Bumped whenever analyzeFile's output changes shape or meaning, so persisted FileRecords are invalidated (re-analysed,
 * never misread). 2: the compact record format (defaults omitted, derived fields dropped; see record-format.ts). 3: the
 * per-file budgets (budget.ts) and `analysis-failed` records. 4: what is a reference (placeholders dropped, outputs and
 * qualified mentions speculative, link text's inline code not a second link, NUL-free `raw`). 5:
 * `secret-in-body` and `dangerous-command` issues. 6: example content, template files and the part after a file's
 * fences break are speculative; a placeholder private key is no secret. 7: the host schema checks
 * (`host-field-unknown`, `host-field-invalid`). 8: inline suppressions (`suppressions`, `suppression-invalid`). 9: a drifted sidecar is no longer an
 * `annotation-stale` issue (only `sidecar.status` on its node), so stored graphs that hold that issue are rebuilt.
 */
export const KERNEL_CACHE_VERSION = 9;

/** Options of {@link createFileContext}. */
export interface FileContextOptions {
  /** sha256 hex of a string's UTF-8 bytes; adapters inject node:crypto here. Defaults to the pure implementation. */
  hash?: HashFn;
}

/** Builds the per-file context (and its cache key) once per scan. */
export function createFileContext(
  lens: LensDecision,
  settings: ScanSettings,
  options: FileContextOptions = {},
): FileContext {
  const hash = options.hash ?? sha256Hex;
  const roots = (settings.roots ?? ['.']).map(normalizeRoot).sort((a, b) => b.length - a.length);
  const keyed = {
    v: KERNEL_CACHE_VERSION,
    // The active set (a single id keeps the key of the one-lens era, so existing caches stay valid).
    lens: activeProviderIds(lens).join(','),
    pluginRoots: lens.pluginRoots,
    roots,
    strict: settings.strict === true,
    disabledExtractors: [...(settings.disabledExtractors ?? [])].sort(),
    // Only a registry other than the built-ins changes the key (existing caches stay valid).
    ...(extensionsKey(settings) === null ? {} : { extensions: extensionsKey(settings) }),
  };
  return {
    lens,
    settings,
    roots,
    hash,
    cacheKey: `k${KERNEL_CACHE_VERSION}:${hash(JSON.stringify(keyed)).slice(0, 16)}`,
  };
}

/** The registry a scan runs: the settings' own, or the kernel's built-in plugins. */
export function registryOf(settings: ScanSettings): ExtensionRegistry {
  return settings.registry ?? defaultKernelRegistry();
}

/** The per-file stage's extension key when it differs from the built-ins' (null when it does not). */
function extensionsKey(settings: ScanSettings): string | null {
  const key = registryOf(settings).fileKey;
  return key === defaultKernelRegistry().fileKey ? null : key;
}

/** The active set of a decision, in precedence order (`[provider]` for a decision built without `providers`). */
export function activeProviderIds(lens: LensDecision): readonly string[] {
  return lens.providers !== undefined && lens.providers.length > 0 ? lens.providers : [lens.provider];
}

/** The cache key of a context: a persisted FileRecord may be reused only when its `cacheKey` equals this. */
export function cacheKey(ctx: FileContext): string {
  return ctx.cacheKey;
}

/** The scan root containing `path` (longest match; roots are sorted longest first), `''` for the scope root. */
export function rootOf(path: string, roots: readonly string[]): string {
  for (const root of roots) if (root === '' || path === root || path.startsWith(root + '/')) return root;
  return '';
}

/** What every file of one context shares, computed once per context (the context object is the key). */
export interface PreparedContext {
  active: readonly string[];
  chain: readonly Provider[];
  extractors: readonly Extractor[];
  /** MCP config files the registered providers read. */
  mcpConfigs: readonly { provider: string; spec: McpConfigSpec }[];
  /** Whether the built-in `plugin` provider (plugin manifests) and `claude` (settings, hooks files) are registered. */
  manifests: boolean;
  hostSettings: boolean;
  /** `ctx.hash('')`. */
  emptyHash: string;
}

const PREPARED = new WeakMap<FileContext, PreparedContext>();

/** The per-context constants of the file stage (memoised on the context object). */
export function prepareContext(ctx: FileContext): PreparedContext {
  let prepared = PREPARED.get(ctx);
  if (prepared === undefined) {
    const active = activeProviderIds(ctx.lens);
    const registry = registryOf(ctx.settings);
    prepared = {
      active,
      chain: providerChain(active, registry.providers()),
      extractors: activeExtractors(active, ctx.settings.disabledExtractors, registry.extractors()),
      mcpConfigs: registry.providers().flatMap((p) => p.mcpConfigs.map((spec) => ({ provider: p.id, spec }))),
      manifests: registry.get('core/plugin') !== undefined,
      hostSettings: registry.get('core/claude') !== undefined,
      emptyHash: ctx.hash(''),
    };
    PREPARED.set(ctx, prepared);
  }
  return prepared;
}
