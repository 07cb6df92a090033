import { mayBeTriggerPrefix, SigilMatcher, type Extractor } from './extractor.js';
import { TRIGGER_NAME, TRIGGER_PREFIX, triggerLink } from './trigger.js';

const AT = new SigilMatcher(
  `${TRIGGER_PREFIX}(@${TRIGGER_NAME})(?![\\w/@-]|\\.\\w|:\\w)`,
  '@',
  mayBeTriggerPrefix,
);

/** `claude/at-directive`: bare `@handle` in prose → `mentions` (emails, `@scope/pkg` and `@file.md` excluded). */
export const atDirectiveExtractor: Extractor = {
  id: 'claude/at-directive',
  gate: ['claude'],
  emitConfidence: 0.5,
  emits: { kind: 'mentions', pathStyle: false },
  extract(input, sink) {
    const prose = input.prose;
    AT.reset();
    for (let m = AT.next(prose); m !== null; m = AT.next(prose))
      sink.link(triggerLink(m[2]!, 'mentions', m.index + m[1]!.length, null));
  },
};
