// The sigil-anchored matchers must find exactly what the plain global regexes found (the extractors used those).
import { isPlaceholderPath } from './mention-context.js';
import { describe, expect, it } from 'vitest';
import { joinPath } from '../util/posix-path.js';
import { mayBeTriggerPrefix, SigilMatcher, type ExtractedLink } from './extractor.js';
import { localDestination, markdownLinkExtractor } from './markdown-link.js';
import { TRIGGER_NAME, TRIGGER_PREFIX } from './trigger.js';

const PATTERNS: [string, string][] = [
  [`${TRIGGER_PREFIX}(\\/${TRIGGER_NAME})(?![\\w/-]|\\.\\w|:\\w)`, '/'],
  [`${TRIGGER_PREFIX}(@${TRIGGER_NAME})(?![\\w/@-]|\\.\\w|:\\w)`, '@'],
  [`${TRIGGER_PREFIX}(\\$[A-Za-z][\\w-]*)(?![\\w$-]|\\.\\w|\\{|:\\w)`, '$'],
  [`${TRIGGER_PREFIX}@((?:\\.{1,2}\\/)*[\\w.-]+(?:\\/[\\w.-]+)*\\.(?:md|mdc|markdown))(?![\\w/-])`, '@'],
];

const ALPHABET = [...'aZ9_-./:@$ \t\n([\'"*>,;|{}!`é\u00a0\u0000', 'md', 'agent-', 'x.md', '../', '/tmp'];

function all(re: RegExp, text: string): string[] {
  const out: string[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) out.push(`${m.index}:${m[0]}:${m[1]}:${m[2]}`);
  return out;
}

/** mulberry32: a deterministic PRNG. */
function createRandom(seed: number): {
  int: (lo: number, hi: number) => number;
  pick: <T>(xs: readonly T[]) => T;
} {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (xs) => xs[Math.floor(next() * xs.length)]!,
  };
}

describe('SigilMatcher', () => {
  it('finds the same matches as the global regex on random text', () => {
    const r = createRandom(7);
    for (const [source, sigil] of PATTERNS) {
      const global = new RegExp(source, 'g');
      const sticky = new SigilMatcher(source, sigil, mayBeTriggerPrefix);
      for (let n = 0; n < 3000; n++) {
        let text = '';
        for (let k = r.int(0, 40); k > 0; k--) text += r.pick(ALPHABET);
        const found: string[] = [];
        sticky.reset();
        for (let m = sticky.next(text); m !== null; m = sticky.next(text))
          found.push(`${m.index}:${m[0]}:${m[1]}:${m[2]}`);
        expect(found, JSON.stringify(text)).toEqual(all(global, text));
      }
    }
  });
});

describe('core/markdown-link candidate scan', () => {
  it('emits what the global inline-link regex finds', () => {
    const INLINE =
      /(!?)\[((?:[^[\]\n]|\[[^[\]\n]*\])*)\]\(\s*(<[^<>\n]*>|[^\s()]+(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?\s*\)/g;
    const pieces = [
      '[',
      ']',
      '(',
      ')',
      '!',
      'a',
      'b.md',
      ' ',
      '\n',
      '<',
      '>',
      '"t"',
      '#x',
      '](',
      '![',
      '[[',
      'http://x',
      '.',
    ];
    const r = createRandom(11);
    for (let n = 0; n < 4000; n++) {
      let prose = '';
      for (let k = r.int(0, 30); k > 0; k--) prose += r.pick(pieces);
      const got: string[] = [];
      const sink = {
        link: (l: ExtractedLink) => got.push(`${l.offset}:${l.raw}`),
        url: () => undefined,
        mcpServer: () => undefined,
      };
      markdownLinkExtractor.extract(
        {
          path: 'a/b/c.md',
          dir: 'a/b',
          root: '',
          text: prose,
          prose,
          proseWithHtml: prose,
          code: [],
          codeText: [],
          frontmatter: null,
          frontmatterRange: null,
        },
        sink,
      );
      const want: string[] = [];
      INLINE.lastIndex = 0;
      for (let m = INLINE.exec(prose); m !== null; m = INLINE.exec(prose)) {
        const dest = m[1] === '!' ? null : localDestination(m[3]!);
        if (
          dest !== null &&
          !isPlaceholderPath(dest) &&
          joinPath(dest.startsWith('/') ? '' : 'a/b', dest) !== ''
        )
          want.push(`${m.index}:${m[0]}`);
      }
      expect(prose.includes(']:')).toBe(false); // no `[ref]: dest` definitions in this alphabet
      expect(got, JSON.stringify(prose)).toEqual(want);
    }
  });
});
