import { mayBeTriggerPrefix, SigilMatcher, type Extractor } from './extractor.js';
import { isPlaceholderPath } from './mention-context.js';
import { relativeTargets } from './resolve-path.js';
import { TRIGGER_PREFIX } from './trigger.js';

const AT_FILE = new SigilMatcher(
  `${TRIGGER_PREFIX}@((?:\\.{1,2}\\/)*[\\w.-]+(?:\\/[\\w.-]+)*\\.(?:md|mdc|markdown))(?![\\w/-])`,
  '@',
  mayBeTriggerPrefix,
);

/** `core/at-file`: `@path.md` tokens in prose → `references` (file-relative, root fallback unless `./`/`../`). */
export const atFileExtractor: Extractor = {
  id: 'core/at-file',
  gate: ['claude', 'codex', 'antigravity', 'cursor'],
  emitConfidence: 0.85,
  emits: { kind: 'references', pathStyle: true },
  extract(input, sink) {
    const prose = input.prose;
    AT_FILE.reset();
    for (let m = AT_FILE.next(prose); m !== null; m = AT_FILE.next(prose)) {
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
