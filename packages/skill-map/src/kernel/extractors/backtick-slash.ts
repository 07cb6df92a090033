import type { Extractor } from './extractor.js';
import { SLASH_LENSES, SYSTEM_DIRS } from './slash-command.js';
import { TRIGGER_NAME, triggerLink } from './trigger.js';

const INLINE = new RegExp(`^\\s*(\\/${TRIGGER_NAME})(?:\\s|$)`);
const LINE_START = new RegExp(`^[ \\t]*(?:>[ \\t]*)?(\\/${TRIGGER_NAME})(?=[ \\t]|$)`, 'gm');

/** `core/backtick-slash`: `/name` as a whole inline code span or at a code line start → `invokes` (pruned if unresolved). */
export const backtickSlashExtractor: Extractor = {
  id: 'core/backtick-slash',
  gate: SLASH_LENSES,
  emitConfidence: 0.8,
  emits: { kind: 'invokes', pathStyle: false },
  extract(input, sink) {
    const code = input.code;
    for (let r = 0; r < code.length; r++) {
      const content = input.codeText[r]!;
      if (!content.includes('/')) continue;
      const region = code[r]!;
      const base = region.contentStart;
      if (region.kind === 'inline-code') {
        const m = INLINE.exec(content);
        if (m !== null && !SYSTEM_DIRS.has(m[1]!.slice(1)))
          sink.link(triggerLink(m[1]!, 'invokes', base + content.indexOf(m[1]!), region.kind));
        continue;
      }
      LINE_START.lastIndex = 0;
      for (let m = LINE_START.exec(content); m !== null; m = LINE_START.exec(content)) {
        if (m[0].length === 0) LINE_START.lastIndex++;
        if (!SYSTEM_DIRS.has(m[1]!.slice(1)))
          sink.link(triggerLink(m[1]!, 'invokes', base + m.index + m[0].indexOf(m[1]!), region.kind));
      }
    }
  },
};
