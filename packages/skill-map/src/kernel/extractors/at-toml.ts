import { atPathMatcher, extractAtPaths } from './at-file.js';
import type { Extractor } from './extractor.js';

const AT_TOML = atPathMatcher('toml');

/**
 * `codex/at-toml`: `@path.toml` tokens in prose → `references` (file-relative, root fallback unless `./`/`../`). A
 * Codex agent is a TOML file (`.codex/agents/<name>.toml`): `@.codex/agents/reviewer.toml` names it as `@x.md` names a
 * markdown file.
 */
export const atTomlExtractor: Extractor = {
  id: 'codex/at-toml',
  gate: ['codex'],
  emitConfidence: 0.85,
  emits: { kind: 'references', pathStyle: true },
  extract(input, sink) {
    extractAtPaths(AT_TOML, input, sink);
  },
};
