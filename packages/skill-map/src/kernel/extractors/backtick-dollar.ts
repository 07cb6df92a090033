import type { Extractor } from './extractor.js';
import { triggerLink } from './trigger.js';

const INLINE = /^\s*(\$[A-Za-z][\w-]*)(?:\s|$)/;
const LINE_START = /^[ \t]*(\$[A-Za-z][\w-]*)(?=[ \t]|$)/gm;

/** `codex/backtick-dollar`: `$skill` as an inline code span or at a code line start → `invokes` (pruned if unresolved). */
export const backtickDollarExtractor: Extractor = {
  id: 'codex/backtick-dollar',
  gate: ['codex'],
  emitConfidence: 0.8,
  emits: { kind: 'invokes', pathStyle: false },
  extract(input, sink) {
    const code = input.code;
    for (let r = 0; r < code.length; r++) {
      const content = input.codeText[r]!;
      if (!content.includes('$')) continue;
      const region = code[r]!;
      const base = region.contentStart;
      if (region.kind === 'inline-code') {
        const m = INLINE.exec(content);
        if (m !== null) sink.link(triggerLink(m[1]!, 'invokes', base + content.indexOf(m[1]!), region.kind));
        continue;
      }
      LINE_START.lastIndex = 0;
      for (let m = LINE_START.exec(content); m !== null; m = LINE_START.exec(content)) {
        if (m[0].length === 0) LINE_START.lastIndex++;
        sink.link(triggerLink(m[1]!, 'invokes', base + m.index + m[0].indexOf(m[1]!), region.kind));
      }
    }
  },
};
