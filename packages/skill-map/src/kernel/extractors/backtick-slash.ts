import { eachCodeRegion, eachMatch, type Extractor } from './extractor.js';
import { SLASH_LENSES, SYSTEM_DIRS } from './slash-command.js';
import { TRIGGER_NAME, triggerLink } from './trigger.js';

const INLINE = new RegExp(`^\\s*(\\/${TRIGGER_NAME})(?:\\s|$)`);
const LINE_START = new RegExp(`^[ \\t]*(?:>[ \\t]*)?(\\/${TRIGGER_NAME})(?=[ \\t]|$)`, 'gm');

/** `core/backtick-slash`: `/name` as a whole inline code span or at a code line start → `invokes` (pruned if unresolved). */
export const backtickSlashExtractor: Extractor = {
  id: 'core/backtick-slash',
  gate: SLASH_LENSES,
  emitConfidence: 0.8,
  extract(input, sink) {
    eachCodeRegion(input, ['inline-code', 'code-block'], (content, base, kind) => {
      if (!content.includes('/')) return;
      if (kind === 'inline-code') {
        const m = INLINE.exec(content);
        if (m !== null && !SYSTEM_DIRS.has(m[1]!.slice(1)))
          sink.link(triggerLink(m[1]!, 'invokes', base + content.indexOf(m[1]!), kind));
        return;
      }
      eachMatch(LINE_START, content, (m) => {
        if (!SYSTEM_DIRS.has(m[1]!.slice(1)))
          sink.link(triggerLink(m[1]!, 'invokes', base + m.index + m[0].indexOf(m[1]!), kind));
      });
    });
  },
};
