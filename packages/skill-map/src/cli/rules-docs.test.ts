// Every rule skill-map can report has its page in docs/rules/ (SARIF and `sm check --list-rules` point there).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ANALYZER_CATALOG } from '../kernel/index.js';
import { RULE_PAGES } from './rule-pages.generated.js';

const RULES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'docs', 'rules');
const SECTIONS = [
  '## What it catches',
  '## Why',
  '## Failing example',
  '## Passing example',
  '## How to fix',
  '## How to dismiss',
];

describe('docs/rules', () => {
  it('has a page for every registered analyzer and kernel-stamped id, with every section', () => {
    const pages = new Set(readdirSync(RULES).filter((f) => f.endsWith('.md')));
    const missing = ANALYZER_CATALOG.filter((e) => !pages.has(`${e.shortId}.md`)).map((e) => e.shortId);
    expect(missing).toEqual([]);
    for (const e of ANALYZER_CATALOG) {
      const text = readFileSync(join(RULES, `${e.shortId}.md`), 'utf8');
      expect(text.startsWith(`# \`${e.shortId}\`\n`), e.shortId).toBe(true);
      expect(
        SECTIONS.filter((s) => !text.includes(`\n${s}\n`)),
        e.shortId,
      ).toEqual([]);
      expect(text.includes(`sm issues dismiss <node> ${e.shortId}`), e.shortId).toBe(e.suppressible);
    }
  });

  it('has no page for a rule that does not exist, and the index lists every rule', () => {
    const known = new Set(ANALYZER_CATALOG.map((e) => `${e.shortId}.md`));
    const pages = readdirSync(RULES).filter((f) => f.endsWith('.md') && f !== 'README.md');
    expect(pages.filter((p) => !known.has(p))).toEqual([]);
    const index = readFileSync(join(RULES, 'README.md'), 'utf8');
    expect(
      ANALYZER_CATALOG.filter((e) => !index.includes(`(${e.shortId}.md)`)).map((e) => e.shortId),
    ).toEqual([]);
  });

  it('every rule has a one-line fix hint', () => {
    expect(
      ANALYZER_CATALOG.filter((e) => e.hint === '' || e.hint.includes('\n')).map((e) => e.shortId),
    ).toEqual([]);
  });

  it('sm explain ships every page as docs/rules has it (else: node scripts/rule-pages.mjs)', () => {
    const pages = readdirSync(RULES).filter((f) => f.endsWith('.md') && f !== 'README.md');
    expect(Object.keys(RULE_PAGES).sort()).toEqual(pages.map((p) => p.slice(0, -3)).sort());
    for (const p of pages) expect(RULE_PAGES[p.slice(0, -3)], p).toBe(readFileSync(join(RULES, p), 'utf8'));
  });
});
