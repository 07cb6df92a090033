import { mayBeTriggerPrefix, SigilMatcher, type Extractor } from './extractor.js';
import { isPlaceholderPath } from './mention-context.js';
import { relativeTargets } from './resolve-path.js';
import { TRIGGER_PREFIX } from './trigger.js';

const AT_TOML = new SigilMatcher(
  `${TRIGGER_PREFIX}@((?:\\.{1,2}\\/)*[\\w.-]+(?:\\/[\\w.-]+)*\\.toml)(?![\\w/-])`,
  '@',
  mayBeTriggerPrefix,
);

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
    const prose = input.prose;
    AT_TOML.reset();
    for (let m = AT_TOML.next(prose); m !== null; m = AT_TOML.next(prose)) {
      const dest = m[2]!;
      if (isPlaceholderPath(dest)) continue;
      const { target, fallback, bare } = relativeTargets(dest, input.dir, input.root);
      sink.link({
        target,
        kind: 'references',
        trigger: null,
        raw: `@${dest}`,
        offset: m.index + m[1]!.length,
        context: null,
        pathStyle: true,
        fallbackTarget: fallback,
        bareDest: bare,
      });
    }
  },
};
