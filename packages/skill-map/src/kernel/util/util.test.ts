import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createLineIndex } from './line-index.js';
import { normalizeTrigger, stripSigil } from './normalize-trigger.js';
import { basename, dirname, extname, isWithin, joinPath, sidecarPathFor, stem } from './posix-path.js';
import { sha256Hex } from './sha256.js';
import { looksBinary, utf8Length } from './utf8.js';

const nodeSha = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

describe('sha256Hex (pure)', () => {
  it('matches known vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('agrees with node:crypto across block boundaries and non-ASCII text', () => {
    for (const len of [1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 70_000]) {
      const text = 'aé𝄞-'.repeat(Math.ceil(len / 4)).slice(0, len);
      expect(sha256Hex(text), `len ${len}`).toBe(nodeSha(text));
    }
  });
});

describe('utf8Length / looksBinary', () => {
  it('counts like Buffer.byteLength, including astral and lone surrogates', () => {
    for (const s of ['', 'abc', 'é', '€', '𝄞', 'a\ud800b', 'mixed é € 𝄞 text'])
      expect(utf8Length(s), s).toBe(Buffer.byteLength(s));
  });

  it('flags NUL in the first 8 KiB only', () => {
    expect(looksBinary('ab\u0000c')).toBe(true);
    expect(looksBinary('plain text')).toBe(false);
    expect(looksBinary('x'.repeat(9000) + '\u0000')).toBe(false);
  });
});

describe('normalizeTrigger (normative §3.3)', () => {
  it.each([
    ['/MyCommand', '/mycommand'],
    ['/my-command', '/my command'],
    ['/my__cmd  --x', '/my cmd x'],
    ['  @Revïewer  ', '@reviewer'],
    ['$Crème_Brûlée', '$creme brulee'],
    ['superpowers:Brainstorming', 'superpowers:brainstorming'],
    ['/a.b!c', '/a.b!c'],
    ['\tTab\nNew-Line_', 'tab new line'],
  ])('%j → %j', (input, expected) => expect(normalizeTrigger(input)).toBe(expected));

  it('strips exactly one sigil', () => {
    expect(stripSigil('/deploy')).toBe('deploy');
    expect(stripSigil('@x')).toBe('x');
    expect(stripSigil('$s')).toBe('s');
    expect(stripSigil('//x')).toBe('/x');
    expect(stripSigil('plain')).toBe('plain');
  });
});

describe('posix paths', () => {
  it('joins and normalises, keeping leading .. when climbing above the root', () => {
    expect(joinPath('a/b', '../c.md')).toBe('a/c.md');
    expect(joinPath('a', './b//c/./d.md')).toBe('a/b/c/d.md');
    expect(joinPath('', '../../x.md')).toBe('../../x.md');
    expect(joinPath('a', '/abs.md')).toBe('a/abs.md');
    expect(joinPath('.', '')).toBe('');
  });

  it('splits names', () => {
    expect(dirname('a/b/c.md')).toBe('a/b');
    expect(dirname('c.md')).toBe('');
    expect(basename('a/b/c.md')).toBe('c.md');
    expect(stem('a/b.test.md')).toBe('b.test');
    expect(stem('.mcp.json')).toBe('.mcp');
    expect(extname('A/B.MD')).toBe('.md');
    expect(extname('.gitignore')).toBe('');
  });

  it('tests ancestry on segment boundaries', () => {
    expect(isWithin('app/x.md', 'app')).toBe(true);
    expect(isWithin('app', 'app')).toBe(true);
    expect(isWithin('apple/x.md', 'app')).toBe(false);
    expect(isWithin('anything', '')).toBe(true);
  });

  it('derives sidecar paths', () => {
    expect(sidecarPathFor('skills/a/SKILL.md')).toBe('skills/a/SKILL.sm');
    expect(sidecarPathFor('.codex/agents/x.toml')).toBe('.codex/agents/x.toml.sm');
    expect(sidecarPathFor('.cursor/rules/r.mdc')).toBe('.cursor/rules/r.mdc.sm');
  });
});

describe('line index', () => {
  it('maps offsets to 1-based line/column', () => {
    const idx = createLineIndex('ab\ncd\n\nef');
    expect(idx.locate(0)).toEqual({ line: 1, column: 1, offset: 0 });
    expect(idx.locate(4)).toEqual({ line: 2, column: 2, offset: 4 });
    expect(idx.locate(6)).toEqual({ line: 3, column: 1, offset: 6 });
    expect(idx.locate(8)).toEqual({ line: 4, column: 2, offset: 8 });
  });
});

describe('joinPath fast paths', () => {
  it('agrees with segment normalisation on relative steps', () => {
    const bases = ['', 'a', 'a/b', 'a/b/c', 'x.y/z'];
    const rels = [
      './x.md',
      '../x.md',
      '../../x.md',
      '../../../../x.md',
      './../x',
      '.././y/z.md',
      '../',
      './',
      '..',
      '.',
      '../a//b',
      '../.x',
      '.hidden/y',
      '../..x/y',
    ];
    const reference = (a: string, b: string): string => {
      const out: string[] = [];
      for (const part of [a, b]) {
        if (part === '') continue;
        for (const seg of part.split('/')) {
          if (seg === '' || seg === '.') continue;
          if (seg === '..') {
            if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
            else out.push('..');
          } else out.push(seg);
        }
      }
      return out.join('/');
    };
    for (const a of bases) for (const b of rels) expect(joinPath(a, b), `${a} + ${b}`).toBe(reference(a, b));
  });
});
