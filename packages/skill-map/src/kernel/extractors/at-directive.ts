import { eachMatch, type Extractor } from './extractor.js';
import { TRIGGER_NAME, TRIGGER_PREFIX, triggerLink } from './trigger.js';

const AT = new RegExp(`${TRIGGER_PREFIX}(@${TRIGGER_NAME})(?![\\w/@-]|\\.\\w|:\\w)`, 'g');

/** `claude/at-directive`: bare `@handle` in prose → `mentions` (emails, `@scope/pkg` and `@file.md` excluded). */
export const atDirectiveExtractor: Extractor = {
  id: 'claude/at-directive',
  gate: ['claude'],
  emitConfidence: 0.5,
  extract(input, sink) {
    if (!input.prose.includes('@')) return;
    eachMatch(AT, input.prose, (m) =>
      sink.link(triggerLink(m[2]!, 'mentions', m.index + m[1]!.length, null)),
    );
  },
};
