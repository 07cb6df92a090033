import type { OccurrenceContext } from '@skill-map/spec';
import type { ExtractInput, Extractor, ExtractSink } from './extractor.js';
import { isExampleContext } from './example-context.js';
import { inLinkText, isPlaceholderPath, mentionQualifier } from './mention-context.js';
import { relativeTargets } from './resolve-path.js';

const WHOLE = /^(?:\.{1,2}\/)*[A-Za-z0-9_][A-Za-z0-9_.\-/]*\.md$/;
const IN_BLOCK = /(?<![\w./:-])((?:\.{1,2}\/)*[A-Za-z0-9_][A-Za-z0-9_.\-/]*\.md)(?![\w/-])/g;

function found(
  input: ExtractInput,
  sink: ExtractSink,
  dest: string,
  offset: number,
  context: OccurrenceContext,
  speculative: boolean,
): void {
  if (isPlaceholderPath(dest)) return;
  const { target, fallback, bare } = relativeTargets(dest, input.dir, input.root);
  sink.link({
    target,
    kind: 'points',
    trigger: null,
    raw: dest,
    offset,
    context,
    pathStyle: true,
    fallbackTarget: fallback,
    bareDest: bare,
    speculative,
  });
}

/**
 * `core/backtick-path`: relative `.md` paths in inline code (whole span) or fenced blocks → `points`. Mentions, not
 * links: placeholders are skipped, so is the inline code of a link's text (`` [`x.md`](x.md) `` is one reference),
 * and outputs (`Save the report to `x.md``), another unit's files (`` `other-skill`'s `x.md` ``) and example content
 * (`Examples: `x.md``, a usage line, a list or section presented as a template or example) are speculative (kept when
 * they resolve, dropped when they do not).
 */
export const backtickPathExtractor: Extractor = {
  id: 'core/backtick-path',
  gate: null,
  emitConfidence: 0.85,
  emits: { kind: 'points', pathStyle: true },
  extract(input, sink) {
    const code = input.code;
    for (let r = 0; r < code.length; r++) {
      const content = input.codeText[r]!;
      if (!content.includes('.md')) continue;
      const region = code[r]!;
      const base = region.contentStart;
      if (region.kind === 'inline-code') {
        const trimmed = content.trim();
        if (!WHOLE.test(trimmed) || inLinkText(input.text, region.start, region.end)) continue;
        const speculative =
          mentionQualifier(input.prose, region.start) !== null || isExampleContext(input.prose, region.start);
        found(input, sink, trimmed, base + content.indexOf(trimmed), region.kind, speculative);
        continue;
      }
      IN_BLOCK.lastIndex = 0;
      for (let m = IN_BLOCK.exec(content); m !== null; m = IN_BLOCK.exec(content))
        found(input, sink, m[1]!, base + m.index, region.kind, false);
    }
  },
};
