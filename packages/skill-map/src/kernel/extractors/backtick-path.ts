import { eachCodeRegion, eachMatch, type Extractor } from './extractor.js';
import { relativeTargets } from './resolve-path.js';

const WHOLE = /^(?:\.{1,2}\/)*[A-Za-z0-9_][A-Za-z0-9_.\-/]*\.md$/;
const IN_BLOCK = /(?<![\w./:-])((?:\.{1,2}\/)*[A-Za-z0-9_][A-Za-z0-9_.\-/]*\.md)(?![\w/-])/g;

/** `core/backtick-path`: relative `.md` paths in inline code (whole span) or fenced blocks → `points`. */
export const backtickPathExtractor: Extractor = {
  id: 'core/backtick-path',
  gate: null,
  emitConfidence: 0.85,
  extract(input, sink) {
    eachCodeRegion(input, ['inline-code', 'code-block'], (content, base, kind) => {
      if (!content.includes('.md')) return;
      const found = (dest: string, offset: number): void => {
        const { target, fallback, bare } = relativeTargets(dest, input.dir, input.root);
        sink.link({
          target,
          kind: 'points',
          trigger: null,
          raw: dest,
          offset,
          context: kind,
          pathStyle: true,
          fallbackTarget: fallback,
          bareDest: bare,
        });
      };
      if (kind === 'inline-code') {
        const trimmed = content.trim();
        if (WHOLE.test(trimmed)) found(trimmed, base + content.indexOf(trimmed));
        return;
      }
      eachMatch(IN_BLOCK, content, (m) => found(m[1]!, base + m.index));
    });
  },
};
