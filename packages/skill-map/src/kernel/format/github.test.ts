// `sm check --format github`: workflow commands, one per issue, checked line by line, escaping included (data: %, CR,
// LF; properties: those and `:` and `,`), as GitHub's runner documents and decodes them.
import type { Issue, Link } from '@skill-map/spec';
import { describe, expect, it } from 'vitest';
import { escapeGithubData, escapeGithubProperty, formatGithub } from './github.js';

const link: Link = {
  source: 'docs/a.md',
  target: 'gone.md',
  kind: 'references',
  confidence: 0.25,
  sources: ['core/markdown-link'],
  location: { line: 4, column: 9, offset: 30 },
};

describe('GitHub workflow commands', () => {
  it('escape data (%, CR, LF) and properties (also : and ,), % first so nothing is escaped twice', () => {
    expect(escapeGithubData('100% done\r\nnext: a, b')).toBe('100%25 done%0D%0Anext: a, b');
    expect(escapeGithubProperty('docs/50%,a:b\n.md')).toBe('docs/50%25%2Ca%3Ab%0A.md');
    expect(escapeGithubData('%0A')).toBe('%250A');
  });

  it('one line per issue: error, warning, notice; located by data.line, a link, or line 1; none without a file', () => {
    const issues: Issue[] = [
      {
        analyzerId: 'reference-broken',
        severity: 'error',
        nodeIds: ['docs/a.md'],
        message: "Broken link 'gone.md'",
        linkIndices: [0],
        data: { target: 'gone.md' },
      },
      {
        analyzerId: 'name-mismatch',
        severity: 'warn',
        nodeIds: ['skills/x, y/SKILL.md'],
        message: "name 'a:b' does not match\nthe folder (100%)",
        data: { line: 2, column: 1 },
      },
      { analyzerId: 'file-over-budget', severity: 'info', nodeIds: ['big.md'], message: 'big' },
      { analyzerId: 'mcp-server-unused', severity: 'info', nodeIds: ['mcp://docs'], message: 'unused' },
    ];
    expect(formatGithub(issues, [link])).toEqual([
      "::error file=docs/a.md,line=4,col=9,title=skill-map reference-broken::Broken link 'gone.md'",
      '::warning file=skills/x%2C y/SKILL.md,line=2,col=1,title=skill-map name-mismatch::' +
        "name 'a:b' does not match%0Athe folder (100%25)",
      '::notice file=big.md,line=1,col=1,title=skill-map file-over-budget::big',
      '::notice title=skill-map mcp-server-unused::unused (mcp://docs)',
    ]);
  });
});
