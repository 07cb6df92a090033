import { eachCodeRegion, type Extractor } from './extractor.js';
import { TRIGGER_NAME, triggerLink } from './trigger.js';

const WHOLE = new RegExp(`^\\s*(@${TRIGGER_NAME})\\s*$`);

/** `claude/backtick-mention`: an inline code span that is exactly `@handle` → `mentions` (pruned if unresolved). */
export const backtickMentionExtractor: Extractor = {
  id: 'claude/backtick-mention',
  gate: ['claude'],
  emitConfidence: 0.5,
  extract(input, sink) {
    eachCodeRegion(input, ['inline-code'], (content, base, kind) => {
      const m = WHOLE.exec(content);
      if (m !== null) sink.link(triggerLink(m[1]!, 'mentions', base + content.indexOf(m[1]!), kind));
    });
  },
};
