import { createHash } from 'node:crypto';
import { CORE_SCHEMA, dump } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { canonicalFrontmatter, hashFrontmatter, parseFrontmatter, splitFrontmatter } from './frontmatter.js';

const nodeSha = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

describe('splitFrontmatter', () => {
  it('splits a block on line 1 and keeps the body after the closing line', () => {
    const s = splitFrontmatter('---\nname: a\n---\n# Body\n');
    expect(s).toMatchObject({
      present: true,
      yaml: 'name: a\n',
      yamlLine: 2,
      bodyOffset: 16,
      body: '# Body\n',
      malformedHint: null,
    });
  });

  it('accepts CRLF, a BOM, an empty block and a `...` terminator', () => {
    expect(splitFrontmatter('---\r\nname: a\r\n---\r\nbody').present).toBe(true);
    expect(splitFrontmatter('\uFEFF---\nname: a\n---\nbody').yaml).toBe('name: a\n');
    expect(splitFrontmatter('---\n---\nbody')).toMatchObject({ present: true, yaml: '', body: 'body' });
    expect(splitFrontmatter('---\na: 1\n...\nbody').body).toBe('body');
  });

  it('ignores text without a block (no YAML work at all)', () => {
    expect(splitFrontmatter('# Title\n---\nnot fm\n---\n')).toMatchObject({
      present: false,
      bodyOffset: 0,
      malformedHint: null,
    });
  });

  it('reports an unclosed block and a block below blank lines as malformed', () => {
    expect(splitFrontmatter('---\nname: a\nbody without end').malformedHint).toContain('never closed');
    expect(splitFrontmatter('\n\n---\nname: a\n---\n').malformedHint).toContain('must start on line 1');
  });
});

describe('parseFrontmatter', () => {
  const parse = (text: string): ReturnType<typeof parseFrontmatter> =>
    parseFrontmatter(splitFrontmatter(text));

  it('parses mappings with the CORE schema (dates stay strings, no custom tags)', () => {
    expect(parse('---\nname: a\ndate: 2024-01-01\nn: 3\nlist:\n  - x\n---\n')).toEqual({
      ok: true,
      value: { name: 'a', date: '2024-01-01', n: 3, list: ['x'] },
    });
  });

  it('treats an empty or comment-only block as {}', () => {
    expect(parse('---\n---\n')).toEqual({ ok: true, value: {} });
    expect(parse('---\n# just a comment\n\n---\n')).toEqual({ ok: true, value: {} });
  });

  it('reports js-yaml errors with file-absolute line and 1-based column', () => {
    expect(parse('---\nname: a\ntags: [x\n---\n')).toMatchObject({
      ok: false,
      reason: 'parse-error',
      line: 4,
      column: 1,
    });
    expect(parse('---\na: 1\na: 2\n---\n')).toMatchObject({
      ok: false,
      reason: 'parse-error',
      message: 'duplicated mapping key',
      line: 3,
      column: 1,
    });
    expect(parse('---\nx: !!js/regexp /a/\n---\n')).toMatchObject({
      ok: false,
      reason: 'parse-error',
      line: 2,
      column: 4,
    });
  });

  it('rejects non-mapping frontmatter', () => {
    expect(parse('---\n- a\n- b\n---\n')).toEqual({ ok: false, reason: 'not-an-object', type: 'array' });
    expect(parse('---\njust text\n---\n')).toEqual({ ok: false, reason: 'not-an-object', type: 'string' });
    expect(parse('---\n~\n---\n')).toEqual({ ok: false, reason: 'not-an-object', type: 'null' });
  });
});

describe('canonical frontmatter hash', () => {
  it('is the js-yaml dump with sorted keys and no line width', () => {
    const fm = {
      name: 'x',
      description: 'Use when: testing',
      tags: ['b', 'a'],
      long: 'w '.repeat(100).trim(),
    };
    const expected = dump(fm, { sortKeys: true, lineWidth: -1, schema: CORE_SCHEMA });
    expect(canonicalFrontmatter(fm)).toBe(expected);
    expect(hashFrontmatter(fm, nodeSha)).toBe(nodeSha(expected));
  });

  it('hashes the empty string when there is no frontmatter, and is key-order independent', () => {
    expect(hashFrontmatter(null, nodeSha)).toBe(nodeSha(''));
    expect(canonicalFrontmatter({ b: 1, a: 2 })).toBe(canonicalFrontmatter({ a: 2, b: 1 }));
  });
});
