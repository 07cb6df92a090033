import type { Extractor } from './extractor.js';
import { TRIGGER_NAME, triggerLink } from './trigger.js';

const WHOLE = new RegExp(`^\\s*(@${TRIGGER_NAME})\\s*$`);

/** `claude/backtick-mention`: an inline code span that is exactly `@handle` → `mentions` (pruned if unresolved). */
export const backtickMentionExtractor: Extractor = {
  id: 'claude/backtick-mention',
  gate: ['claude'],
  emitConfidence: 0.5,
  emits: { kind: 'mentions', pathStyle: false },
  extract(input, sink) {
    const code = input.code;
    for (let r = 0; r < code.length; r++) {
      const region = code[r]!;
      if (region.kind !== 'inline-code') continue;
      const content = input.codeText[r]!;
      if (!content.includes('@')) continue;
      const m = WHOLE.exec(content);
      if (m !== null)
        sink.link(triggerLink(m[1]!, 'mentions', region.contentStart + content.indexOf(m[1]!), region.kind));
    }
  },
};
