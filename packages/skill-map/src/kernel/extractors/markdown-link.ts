import { joinPath } from '../util/posix-path.js';
import { isExplicitRelative } from './resolve-path.js';
import { eachMatch, type Extractor, type ExtractSink, type ExtractInput } from './extractor.js';

const INLINE =
  /(!?)\[((?:[^[\]\n]|\[[^\]\n]*\])*)\]\(\s*(<[^>\n]*>|[^\s()]+(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:"[^"\n]*"|'[^'\n]*'|\([^)\n]*\)))?\s*\)/g;
const DEFINITION = /^ {0,3}\[([^\]\n]+)\]:[ \t]*(<[^>\n]*>|\S+)/gm;
const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;

/** Cleans a link destination: drops `<>`, anchors, queries, decodes `%xx`; null when it is not a local path. */
export function localDestination(raw: string): string | null {
  let dest = raw.startsWith('<') && raw.endsWith('>') ? raw.slice(1, -1) : raw;
  if (
    dest === '' ||
    dest.includes('\0') ||
    dest.startsWith('#') ||
    SCHEME.test(dest) ||
    dest.startsWith('//')
  )
    return null;
  const cut = dest.search(/[#?]/);
  if (cut >= 0) dest = dest.slice(0, cut);
  try {
    dest = decodeURIComponent(dest);
  } catch {
    // keep the raw form when it is not valid percent-encoding
  }
  return dest.trim() === '' ? null : dest;
}

function emit(input: ExtractInput, sink: ExtractSink, rawDest: string, raw: string, offset: number): void {
  const dest = localDestination(rawDest);
  if (dest === null) return;
  const target = dest.startsWith('/') ? joinPath(input.root, dest) : joinPath(input.dir, dest);
  if (target === '') return;
  const bareDest = dest.startsWith('/') || isExplicitRelative(dest) ? null : joinPath(dest);
  sink.link({
    target,
    kind: 'references',
    trigger: null,
    raw,
    offset,
    context: null,
    pathStyle: true,
    fallbackTarget: null,
    bareDest,
  });
}

/** `core/markdown-link`: `[text](dest)` and `[ref]: dest` → `references` (images, URLs and `#anchors` skipped). */
export const markdownLinkExtractor: Extractor = {
  id: 'core/markdown-link',
  gate: null,
  emitConfidence: 0.95,
  extract(input, sink) {
    if (input.prose.includes('](')) {
      eachMatch(INLINE, input.prose, (m) => {
        if (m[1] !== '!') emit(input, sink, m[3]!, m[0], m.index);
      });
    }
    if (input.prose.includes(']:')) {
      eachMatch(DEFINITION, input.prose, (m) =>
        emit(input, sink, m[2]!, m[0].trim(), m.index + m[0].indexOf('[')),
      );
    }
  },
};
