import { EngineError } from '../errors.js';
import type { ExtensionCatalog, ProbExtension } from './types.js';

/**
 * The built-in probabilistic extensions. PLACEHOLDER of the foundation commit: the extensions work fills this
 * list (finders, fixers, summarizer, tagger) and replaces `createExtensionCatalog` with the real resolution.
 */
export const BUILTIN_EXTENSIONS: readonly ProbExtension[] = [];

/** A catalog over a set of definitions (the built-ins in production; tests may pass their own real definitions). */
export function createExtensionCatalog(
  defs: readonly ProbExtension[] = BUILTIN_EXTENSIONS,
): ExtensionCatalog {
  const byId = new Map(defs.map((d) => [d.id, d]));
  return {
    all: () => defs,
    get: (id) => byId.get(id),
    listEnabled: () => defs.filter((d) => d.locked !== true).sort((a, b) => a.id.localeCompare(b.id)),
    resolve: (input) => {
      const hit = byId.get(input);
      if (hit === undefined) throw new EngineError('not-found', `unknown extension "${input}"`);
      return hit;
    },
  };
}
