import { joinPath } from '../util/posix-path.js';
import { isExampleContext } from './example-context.js';
import { isPlaceholderPath } from './mention-context.js';
import { isExplicitRelative } from './resolve-path.js';
import type { ExtractInput, Extractor, ExtractSink } from './extractor.js';

// A `<dest>` or a `(title)` holds no unescaped `<`/`>` or `(`/`)` (CommonMark), and the text nests brackets one level
// deep; excluding those characters also stops each try at the next one, so a line of unclosed `[a](<` or `[a[a[`
// costs linear time instead of quadratic (or worse: 57 s for 200 KB of `[a[`).
const INLINE_SOURCE =
  /(!?)\[((?:[^[\]\n]|\[[^[\]\n]*\])*)\]\(\s*(<[^<>\n]*>|[^\s()]+(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?\s*\)/
    .source;
/** Sticky: tried only where a match can start (a `[`, or the `!` before it), which finds what a global scan finds. */
const INLINE = new RegExp(INLINE_SOURCE, 'y');
const DEFINITION = /^ {0,3}\[([^\]\n]+)\]:[ \t]*(<[^>\n]*>|\S+)/gm;
const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;

/** Cleans a link destination: drops `<>`, anchors, queries, decodes `%xx`; null when it is not a local path. */
export function localDestination(raw: string): string | null {
  let dest = raw.charCodeAt(0) === 60 && raw.endsWith('>') ? raw.slice(1, -1) : raw;
  if (
    dest === '' ||
    dest.includes('\0') ||
    dest.charCodeAt(0) === 35 ||
    (dest.includes(':') && SCHEME.test(dest)) ||
    dest.startsWith('//')
  )
    return null;
  const hash = dest.indexOf('#');
  const query = dest.indexOf('?');
  const cut = hash < 0 ? query : query < 0 ? hash : Math.min(hash, query);
  if (cut >= 0) dest = dest.slice(0, cut);
  if (dest.includes('%')) {
    try {
      dest = decodeURIComponent(dest);
    } catch {
      // keep the raw form when it is not valid percent-encoding
    }
  }
  return dest.trim() === '' ? null : dest;
}

/** The cleaned destination of an authored `[text](dest)` or `[ref]: dest` (a link's `raw`), or null. */
export function markdownDestination(raw: string): string | null {
  INLINE.lastIndex = raw.charCodeAt(0) === 33 ? 1 : 0;
  const inline = INLINE.exec(raw);
  if (inline !== null) return localDestination(inline[3]!);
  DEFINITION.lastIndex = 0;
  const definition = DEFINITION.exec(raw);
  return definition === null ? null : localDestination(definition[2]!);
}

/** True when a rooted destination, normalized, is empty or starts above the root. */
function escapesRoot(dest: string): boolean {
  const normal = joinPath('', dest);
  return normal === '' || normal === '..' || normal.startsWith('../');
}

function emit(input: ExtractInput, sink: ExtractSink, rawDest: string, raw: string, offset: number): void {
  const dest = localDestination(rawDest);
  if (dest === null || isPlaceholderPath(dest)) return;
  const rooted = dest.charCodeAt(0) === 47;
  // A rooted destination is the repository root's (GitHub's reading): one that names the root itself or climbs
  // above it (`/`, `/../x.md`) names no file of the project, so it is no link.
  if (rooted && escapesRoot(dest)) return;
  const target = rooted ? joinPath(input.root, dest) : joinPath(input.dir, dest);
  if (target === '') return;
  const bareDest = rooted || isExplicitRelative(dest) ? null : joinPath(dest);
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
    speculative: isExampleContext(input.prose, offset),
  });
}

/**
 * `core/markdown-link`: `[text](dest)` and `[ref]: dest` → `references` (images, URLs and `#anchors` skipped). A link
 * in example content (a list or section presented as a template or example to copy) is speculative.
 */
export const markdownLinkExtractor: Extractor = {
  id: 'core/markdown-link',
  gate: null,
  emitConfidence: 0.95,
  emits: { kind: 'references', pathStyle: true },
  extract(input, sink) {
    const prose = input.prose;
    if (prose.includes('](')) {
      let end = 0;
      for (let p = prose.indexOf('['); p !== -1; p = prose.indexOf('[', p + 1)) {
        if (p < end) continue;
        let m: RegExpExecArray | null = null;
        if (p > end && prose.charCodeAt(p - 1) === 33) {
          INLINE.lastIndex = p - 1;
          m = INLINE.exec(prose);
        }
        if (m === null) {
          INLINE.lastIndex = p;
          m = INLINE.exec(prose);
        }
        if (m === null) continue;
        end = INLINE.lastIndex;
        // `raw` is the authored text (the prose view has NUL where the link text had inline code).
        if (m[1] !== '!') emit(input, sink, m[3]!, input.text.slice(m.index, end), m.index);
      }
    }
    if (prose.includes(']:')) {
      DEFINITION.lastIndex = 0;
      for (let m = DEFINITION.exec(prose); m !== null; m = DEFINITION.exec(prose))
        emit(
          input,
          sink,
          m[2]!,
          input.text.slice(m.index, m.index + m[0].length).trim(),
          m.index + m[0].indexOf('['),
        );
    }
  },
};
