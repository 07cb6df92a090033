import { eachCodeRegion, eachMatch, type Extractor } from './extractor.js';
import { triggerLink } from './trigger.js';

const INLINE = /^\s*(\$[A-Za-z][\w-]*)(?:\s|$)/;
const LINE_START = /^[ \t]*(\$[A-Za-z][\w-]*)(?=[ \t]|$)/gm;

/** `codex/backtick-dollar`: `$skill` as an inline code span or at a code line start → `invokes` (pruned if unresolved). */
export const backtickDollarExtractor: Extractor = {
  id: 'codex/backtick-dollar',
  gate: ['codex'],
  emitConfidence: 0.8,
  extract(input, sink) {
    eachCodeRegion(input, ['inline-code', 'code-block'], (content, base, kind) => {
      if (!content.includes('$')) return;
      if (kind === 'inline-code') {
        const m = INLINE.exec(content);
        if (m !== null) sink.link(triggerLink(m[1]!, 'invokes', base + content.indexOf(m[1]!), kind));
        return;
      }
      eachMatch(LINE_START, content, (m) =>
        sink.link(triggerLink(m[1]!, 'invokes', base + m.index + m[0].indexOf(m[1]!), kind)),
      );
    });
  },
};
