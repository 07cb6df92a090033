import { CORE_SCHEMA, dump, load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { fastDumpYaml, fastParseYaml } from './fast-yaml.js';

// Deterministic pseudo-random generator so the differential corpus is stable.
function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

const ALPHABET = [
  'a',
  'B',
  'z',
  '0',
  '9',
  ' ',
  '-',
  '_',
  ':',
  '#',
  "'",
  '"',
  ',',
  '.',
  '(',
  ')',
  '/',
  ';',
  '[',
  ']',
  '{',
  '}',
  '!',
  '&',
  '*',
  '|',
  '>',
  '%',
  '@',
  '`',
  '\\',
  'é',
  '\t',
  '?',
];
const WORDS = [
  'true',
  'True',
  'FALSE',
  'null',
  'Null',
  '~',
  'yes',
  'on',
  '1',
  '-1',
  '0x1',
  '1e3',
  '.inf',
  '2024-01-01',
  'abc',
];

function randomScalar(r: () => number): string {
  if (r() < 0.2) return WORDS[Math.floor(r() * WORDS.length)]!;
  const len = 1 + Math.floor(r() * 12);
  let s = '';
  for (let i = 0; i < len; i++) s += ALPHABET[Math.floor(r() * ALPHABET.length)]!;
  const wrap = r();
  return wrap < 0.15 ? `"${s}"` : wrap < 0.3 ? `'${s}'` : s;
}

function yamlOf(value: unknown): unknown {
  try {
    return load(value as string, { schema: CORE_SCHEMA });
  } catch {
    return Symbol.for('error');
  }
}

describe('fastParseYaml agrees with js-yaml on everything it accepts', () => {
  it('over 20k generated flat documents', () => {
    const r = rng(42);
    let accepted = 0;
    for (let n = 0; n < 20_000; n++) {
      const lines: string[] = [];
      const keys = 1 + Math.floor(r() * 4);
      for (let k = 0; k < keys; k++) {
        const key = r() < 0.1 ? 'dup' : `k${Math.floor(r() * 50)}`;
        const v = r() < 0.2 ? `[${randomScalar(r)}, ${randomScalar(r)}]` : r() < 0.1 ? '' : randomScalar(r);
        lines.push(v === '' ? `${key}:` : `${key}: ${v}`);
      }
      const yaml = lines.join('\n') + '\n';
      const fast = fastParseYaml(yaml);
      if (fast === null) continue;
      accepted++;
      expect(fast, yaml).toEqual(yamlOf(yaml));
    }
    expect(accepted).toBeGreaterThan(1000);
  });

  it('accepts the common shapes and bails on the rest', () => {
    expect(fastParseYaml('name: a-b\ndescription: "Use: now"\ntools: [Read, Grep]\nx:\n')).toEqual({
      name: 'a-b',
      description: 'Use: now',
      tools: ['Read', 'Grep'],
      x: null,
    });
    for (const bail of [
      'a: 1',
      'a: b: c',
      'a: x # c',
      'list:\n  - a',
      'a: |\n  x',
      '__proto__: x',
      'a: x\na: y',
      'a: "x\\n"',
      '',
      'a: [x,]',
    ]) {
      expect(fastParseYaml(bail), bail).toBeNull();
    }
  });
});

describe('fastDumpYaml agrees with js-yaml dump on everything it accepts', () => {
  const opts = { sortKeys: true, lineWidth: -1, schema: CORE_SCHEMA };

  it('over 20k generated maps', () => {
    const r = rng(7);
    let accepted = 0;
    for (let n = 0; n < 20_000; n++) {
      const map: Record<string, unknown> = {};
      const keys = 1 + Math.floor(r() * 4);
      for (let k = 0; k < keys; k++) {
        const key = r() < 0.1 ? 'True' : `k${Math.floor(r() * 50)}`;
        const pick = r();
        map[key] =
          pick < 0.1
            ? null
            : pick < 0.2
              ? r() < 0.5
              : pick < 0.35
                ? [randomScalar(r), randomScalar(r)]
                : pick < 0.4
                  ? []
                  : randomScalar(r).replace(/^["']|["']$/g, '');
      }
      const fast = fastDumpYaml(map);
      if (fast === null) continue;
      accepted++;
      expect(fast, JSON.stringify(map)).toBe(dump(map, opts));
    }
    expect(accepted).toBeGreaterThan(2000);
  });

  it('bails on numbers, nested objects and strings needing quotes', () => {
    for (const bail of [{ n: 1 }, { o: { a: 'b' } }, { s: 'a: b' }, { s: ' lead' }, { s: 'true' }, {}]) {
      expect(fastDumpYaml(bail), JSON.stringify(bail)).toBeNull();
    }
  });
});
