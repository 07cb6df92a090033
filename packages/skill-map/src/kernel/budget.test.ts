// The per-file budgets: a hostile file costs its own bounded budget and becomes ONE issue; the rest scans as usual.
import { createHash } from 'node:crypto';
import { createSpecValidator } from '@skill-map/spec/testing';
import { describe, expect, it } from 'vitest';
import { analyzeFile } from './analyze-file.js';
import { FILE_BUDGET, valueOverBudget } from './budget.js';
import { createFileContext } from './context.js';
import { detectLens } from './lens.js';
import { fastParseYaml } from './parse/fast-yaml.js';
import { parseSidecar } from './parse/sidecar.js';
import { scanSources } from './scan.js';
import type { SourceFile } from './types.js';

const validator = createSpecValidator();
const sha = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

function bomb(levels: number): string {
  const names = 'abcdefghijklmnop';
  const lines = [`a: &a [${Array(9).fill('"lol"').join(',')}]`];
  for (let i = 1; i < levels; i++)
    lines.push(
      `${names[i]!}: &${names[i]!} [${Array(9)
        .fill(`*${names[i - 1]!}`)
        .join(',')}]`,
    );
  return lines.join('\n');
}

const src = (path: string, text: string): SourceFile => ({
  path,
  text,
  bytes: Buffer.byteLength(text),
  modifiedAtMs: 1,
});

function scan(files: Record<string, string>) {
  const sources = Object.entries(files).map(([p, t]) => src(p, t));
  return scanSources(sources, {}, { hash: sha, walkedPaths: ['.claude/', ...sources.map((s) => s.path)] });
}

const issuesOf = (issues: readonly { analyzerId: string; nodeIds: string[] }[], path: string) =>
  issues.filter((i) => i.nodeIds.includes(path)).map((i) => i.analyzerId);

describe('per-file budgets', () => {
  it('a billion-laughs alias bomb in frontmatter is one file-over-budget issue; its node stays without it', () => {
    const { result } = scan({
      '.claude/skills/bomb/SKILL.md': `---\nname: bomb\n${bomb(9)}\n---\nBody [x](../ok/SKILL.md).\n`,
      '.claude/skills/ok/SKILL.md': '---\nname: ok\n---\nFine.\n',
    });
    expect(issuesOf(result.issues, '.claude/skills/bomb/SKILL.md')).toEqual(['file-over-budget']);
    const issue = result.issues.find((i) => i.analyzerId === 'file-over-budget')!;
    expect(issue.data).toEqual({ budget: 'frontmatterValues', limit: FILE_BUDGET.frontmatterValues });
    expect(validator.validate('issue', issue)).toEqual({ ok: true });
    const node = result.nodes.find((n) => n.path === '.claude/skills/bomb/SKILL.md')!;
    expect(node.frontmatter ?? {}).toEqual({});
    // Its links still count; the other file is untouched.
    expect(result.links.map((l) => l.target)).toEqual(['.claude/skills/ok/SKILL.md']);
    expect(JSON.stringify(result).length).toBeLessThan(20_000);
  });

  it('counts aliases as their expansion and stops at the limit (a 9^9 bomb is refused after 10,000 values)', () => {
    const value = { a: ['x'] } as Record<string, unknown>;
    let last: unknown = ['lol', 'lol'];
    for (let i = 0; i < 40; i++) last = [last, last];
    value['b'] = last;
    expect(valueOverBudget(value)).toBe('frontmatterValues');
    expect(
      valueOverBudget({ name: 'x', tools: ['a', 'b'], nested: { deep: [1, 2, { x: null }] } }),
    ).toBeNull();
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(valueOverBudget({ deep })).toBe('frontmatterDepth');
  });

  it('counts the bytes of text aliases expand to: one 30 KB string aliased 9,980 times is over, far under 10,000 values', () => {
    const long = 'x'.repeat(30 * 1024);
    expect(valueOverBudget({ s: long, l: Array<string>(9980).fill(long) })).toBe('frontmatterTextBytes');
    // UTF-8 bytes, not characters: 3-byte characters reach the budget at a third of the length.
    const wide = '\u20ac'.repeat(FILE_BUDGET.frontmatterTextBytes / 3 + 1);
    expect(valueOverBudget({ s: wide })).toBe('frontmatterTextBytes');
    expect(valueOverBudget({ s: 'x'.repeat(FILE_BUDGET.frontmatterTextBytes - 1) })).toBeNull();
    // Keys are text too.
    expect(valueOverBudget(Object.fromEntries([['k'.repeat(FILE_BUDGET.frontmatterTextBytes + 1), 1]]))).toBe(
      'frontmatterTextBytes',
    );
  });

  it('an aliased long string in frontmatter is one file-over-budget issue; in a .sm the sidecar is not used', () => {
    const long = 'x'.repeat(30 * 1024);
    const yaml = `s: &s "${long}"\nl: [${Array(9980).fill('*s').join(',')}]`;
    const { result } = scan({ '.claude/agents/big.md': `---\nname: big\n${yaml}\n---\nbody\n` });
    expect(result.issues.map((i) => [i.analyzerId, i.data?.['budget']])).toEqual([
      ['file-over-budget', 'frontmatterTextBytes'],
    ]);
    expect(JSON.stringify(result).length).toBeLessThan(20_000);
    const sc = parseSidecar('.claude/agents/big.sm', `notes:\n${yaml.replace(/^/gm, '  ')}\n`);
    expect([sc.ok, sc.root]).toEqual([false, null]);
    expect(sc.errors[0]).toContain('bytes of text once YAML aliases are expanded');
  });

  it('the fast YAML path never resolves an alias (it leaves them to the budgeted fallback)', () => {
    expect(fastParseYaml('a: &a [x]\nb: *a\n')).toBeNull();
    expect(fastParseYaml('b: [*a, *a]\n')).toBeNull();
  });

  it('frontmatter above the byte budget is not parsed', () => {
    const big = `---\nname: big\ndescription: "${'x'.repeat(FILE_BUDGET.frontmatterBytes)}"\n---\nbody\n`;
    const { result } = scan({ '.claude/agents/big.md': big });
    expect(result.issues.map((i) => [i.analyzerId, i.data?.['budget']])).toEqual([
      ['file-over-budget', 'frontmatterBytes'],
    ]);
  });

  it('a file with more distinct links than the budget keeps its node and drops its links', () => {
    const body = Array.from({ length: FILE_BUDGET.links + 1 }, (_, i) => `[l](d${i}.md)`).join('\n');
    const { result } = scan({ 'docs/many.md': body });
    expect(result.links).toEqual([]);
    expect(result.issues.map((i) => [i.analyzerId, i.data?.['budget']])).toEqual([
      ['file-over-budget', 'links'],
    ]);
  });

  it('an alias bomb in a .sm sidecar makes it invalid instead of storing the expansion', () => {
    const sc = parseSidecar('.claude/agents/a.sm', `annotations:\n  x:\n${bomb(9).replace(/^/gm, '    ')}\n`);
    expect(sc.ok).toBe(false);
    expect(sc.root).toBeNull();
    expect(sc.errors[0]).toContain('over the per-file budget');
  });

  it('an exception while analysing one file becomes one analysis-failed issue on it; the others scan', () => {
    const lens = detectLens(['.claude/'], {});
    const throwing = (text: string): string => {
      if (text.includes('THROW')) throw new RangeError('boom inside analysis');
      return sha(text);
    };
    const ctx = createFileContext(lens, {}, { hash: throwing });
    const bad = analyzeFile(
      { ...src('.claude/agents/bad.md', '---\nname: THROW\n---\n'), contentHash: 'f'.repeat(64) },
      ctx,
    );
    expect(bad.node).toBeNull();
    expect(bad.issues?.map((i) => [i.analyzerId, i.nodeIds, i.message])).toEqual([
      [
        'analysis-failed',
        ['.claude/agents/bad.md'],
        "'.claude/agents/bad.md' could not be analysed (RangeError: boom inside analysis); it is left out of the map",
      ],
    ]);
    expect(validator.validate('issue', bad.issues![0]!)).toEqual({ ok: true });
    const good = analyzeFile(src('.claude/agents/good.md', '---\nname: good\n---\n'), ctx);
    expect(good.node?.kind).toBe('agent');
  });
});
