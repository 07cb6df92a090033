import { eachMatch, type Extractor } from './extractor.js';
import { TRIGGER_PREFIX, triggerLink } from './trigger.js';

const DOLLAR = new RegExp(`${TRIGGER_PREFIX}(\\$[A-Za-z][\\w-]*)(?![\\w$-]|\\.\\w|\\{|:\\w)`, 'g');

/** `codex/dollar-skill`: `$skill` in prose → `invokes`. */
export const dollarSkillExtractor: Extractor = {
  id: 'codex/dollar-skill',
  gate: ['codex'],
  emitConfidence: 0.8,
  extract(input, sink) {
    if (!input.prose.includes('$')) return;
    eachMatch(DOLLAR, input.prose, (m) =>
      sink.link(triggerLink(m[2]!, 'invokes', m.index + m[1]!.length, null)),
    );
  },
};
