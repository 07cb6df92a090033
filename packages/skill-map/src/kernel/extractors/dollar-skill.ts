import { mayBeTriggerPrefix, SigilMatcher, type Extractor } from './extractor.js';
import { TRIGGER_PREFIX, triggerLink } from './trigger.js';

const DOLLAR = new SigilMatcher(
  `${TRIGGER_PREFIX}(\\$[A-Za-z][\\w-]*)(?![\\w$-]|\\.\\w|\\{|:\\w)`,
  '$',
  mayBeTriggerPrefix,
);

/** `codex/dollar-skill`: `$skill` in prose → `invokes`. */
export const dollarSkillExtractor: Extractor = {
  id: 'codex/dollar-skill',
  gate: ['codex'],
  emitConfidence: 0.8,
  emits: { kind: 'invokes', pathStyle: false },
  extract(input, sink) {
    const prose = input.prose;
    DOLLAR.reset();
    for (let m = DOLLAR.next(prose); m !== null; m = DOLLAR.next(prose))
      sink.link(triggerLink(m[2]!, 'invokes', m.index + m[1]!.length, null));
  },
};
