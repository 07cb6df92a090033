import type { FileContext, LensDecision, ScanSettings } from './types.js';
import { normalizeRoot } from './util/posix-path.js';
import { sha256Hex, type HashFn } from './util/sha256.js';

/** Bumped whenever analyzeFile's output changes shape or meaning, so persisted FileRecords are invalidated. */
export const KERNEL_CACHE_VERSION = 1;

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
  };
  return {
    lens,
    settings,
    roots,
    hash,
    cacheKey: `k${KERNEL_CACHE_VERSION}:${hash(JSON.stringify(keyed)).slice(0, 16)}`,
  };
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
