import type { Issue } from '@skill-map/spec';
import { describe, expect, it } from 'vitest';
import { scanSources } from '../scan.js';
import type { ScanSettings } from '../types.js';

const src = (path: string, text: string) => ({
  path,
  text,
  bytes: Buffer.byteLength(text),
  modifiedAtMs: 1,
});

/** Scans `files` and answers the issues as `<rule> <file>:<line>` (plus the suppressed count and records). */
function scan(files: Record<string, string>, settings: ScanSettings = {}) {
  const out = scanSources(
    Object.entries(files).map(([p, t]) => src(p, t)),
    settings,
  );
  const line = (i: Issue): string => {
    const l = i.data?.['line'] ?? out.result.links[i.linkIndices?.[0] ?? -1]?.location?.line ?? '-';
    return `${i.analyzerId} ${i.nodeIds[0] ?? ''}:${typeof l === 'number' ? l : '-'}`;
  };
  return {
    issues: out.result.issues.map(line).sort(),
    all: out.result.issues,
    suppressed: out.result.stats.issuesSuppressed,
    records: out.records,
  };
}

describe('inline suppressions: each form', () => {
  it('sm-disable-next-line suppresses its rules on the next non-blank line only', () => {
    const r = scan({
      'docs/a.md': [
        '# A', // 1
        '<!-- sm-disable-next-line reference-broken -- generated later -->', // 2
        '', // 3
        'See [x](missing-1.md).', // 4
        'See [y](missing-2.md).', // 5
      ].join('\n'),
    });
    expect(r.issues).toEqual(['reference-broken docs/a.md:5']);
    expect(r.suppressed).toBe(1);
    expect(r.records[0]!.suppressions).toEqual([
      { rule: 'reference-broken', from: 4, to: 4, line: 2, column: 1, form: 'next-line' },
    ]);
  });

  it('stacked next-line directives apply to the same line; qualified ids and several rules work', () => {
    const r = scan({
      'docs/a.md': [
        '# A',
        '<!-- sm-disable-next-line core/reference-broken -- one -->',
        '<!-- sm-disable-next-line link-self-loop, reference-broken -- two -->',
        'See [x](missing-1.md) and [me](a.md).',
      ].join('\n'),
    });
    expect(r.issues).toEqual([]);
    expect(r.suppressed).toBe(2);
  });

  it('sm-disable ... sm-enable covers the lines between; an unclosed one runs to the end of the file', () => {
    const r = scan({
      'docs/a.md': [
        '# A', // 1
        'See [a](missing-a.md).', // 2
        '<!-- sm-disable reference-broken -->', // 3
        'See [b](missing-b.md).', // 4
        '<!-- sm-enable reference-broken -->', // 5
        'See [c](missing-c.md).', // 6
        '<!-- sm-disable reference-broken -- legacy tail -->', // 7
        'See [d](missing-d.md).', // 8
        '', // 9
        'See [e](missing-e.md).', // 10
      ].join('\n'),
    });
    expect(r.issues).toEqual(['reference-broken docs/a.md:2', 'reference-broken docs/a.md:6']);
    expect(r.suppressed).toBe(3);
  });

  it('a bare sm-enable closes every open range', () => {
    const r = scan({
      'docs/a.md': [
        '# A',
        '<!-- sm-disable reference-broken, link-self-loop -->',
        'See [b](missing-b.md) and [me](a.md).',
        '<!-- sm-enable -->',
        'See [c](missing-c.md).',
      ].join('\n'),
    });
    expect(r.issues).toEqual(['reference-broken docs/a.md:5']);
  });

  it('the frontmatter form (metadata.sm-disable) covers the whole file, file-level issues included', () => {
    const skill = (meta: string): string =>
      `---\nname: other\ndescription: d\n${meta}---\n\n# S\n\nSee [x](missing.md).\n`;
    const plain = scan({ '.claude/skills/s/SKILL.md': skill('') });
    expect(plain.issues).toContain('name-mismatch .claude/skills/s/SKILL.md:-');
    expect(plain.issues).toContain('reference-broken .claude/skills/s/SKILL.md:8');
    const r = scan({
      '.claude/skills/s/SKILL.md': skill(
        'metadata:\n  sm-disable: "name-mismatch, reference-broken -- vendored skill"\n',
      ),
    });
    expect(r.issues.filter((i) => /name-mismatch|reference-broken|suppression|host-field/.test(i))).toEqual(
      [],
    );
    expect(r.records[0]!.suppressions?.map((s) => [s.rule, s.form, s.whole])).toEqual([
      ['name-mismatch', 'file', true],
      ['reference-broken', 'file', true],
    ]);
  });

  it('the frontmatter form trips no host-field-unknown, on hosts that document metadata or not', () => {
    const meta = 'metadata:\n  sm-disable: "reference-broken -- vendored"\n';
    const r = scan({
      '.claude/skills/s/SKILL.md': `---\nname: s\ndescription: d\n${meta}---\nSee [x](missing.md).\n`,
      '.claude/agents/a.md': `---\nname: a\ndescription: d\n${meta}---\nSee [x](missing.md).\n`,
      '.cursor/rules/r.mdc': `---\ndescription: d\n${meta}---\nSee [x](missing.md).\n`,
    });
    expect(r.issues).toEqual([]);
    expect(r.suppressed).toBe(3);
    // Another key under metadata is still the host's business.
    const other = scan({
      '.claude/agents/a.md': '---\nname: a\ndescription: d\nmetadata:\n  owner: me\n---\nBody.\n',
    });
    expect(other.issues).toEqual(['host-field-unknown .claude/agents/a.md:4']);
  });

  it('a file-level issue (no line) needs a range that covers the whole file', () => {
    const skill = (body: string): string => `---\nname: other\ndescription: d\n---\n${body}`;
    const top = scan({
      '.claude/skills/s/SKILL.md': skill('\n<!-- sm-disable name-mismatch -- renamed on purpose -->\n# S\n'),
    });
    expect(top.issues.filter((i) => /name-mismatch|suppression/.test(i))).toEqual([]);
    const middle = scan({
      '.claude/skills/s/SKILL.md': skill('# S\n<!-- sm-disable name-mismatch -->\ntext\n'),
    });
    expect(middle.issues.filter((i) => /name-mismatch|suppression/.test(i))).toEqual([
      'name-mismatch .claude/skills/s/SKILL.md:-',
      'suppression-unused .claude/skills/s/SKILL.md:6',
    ]);
  });

  it('`*` suppresses every rule when it gives a reason', () => {
    const r = scan({
      'docs/a.md':
        '# A\n<!-- sm-disable-next-line * -- a fixture of broken links -->\nSee [x](missing.md) and [me](a.md).\n',
    });
    expect(r.issues).toEqual([]);
    expect(r.suppressed).toBe(2);
  });
});

describe('inline suppressions: what is not a directive, and what is reported', () => {
  it('comments in fenced or inline code are examples, not directives', () => {
    const r = scan({
      'docs/a.md': [
        '# A',
        '```markdown',
        '<!-- sm-disable-next-line reference-broken -- shown, not applied -->',
        '```',
        'See [x](missing.md).',
        '`<!-- sm-disable reference-broken -->`',
        'See [y](missing-2.md).',
      ].join('\n'),
    });
    expect(r.issues).toEqual(['reference-broken docs/a.md:5', 'reference-broken docs/a.md:7']);
    expect(r.records[0]!.suppressions).toBeUndefined();
  });

  it('reports an unused suppression at its directive, once per rule that matched nothing', () => {
    const r = scan({
      'docs/a.md':
        '# A\n<!-- sm-disable-next-line reference-broken, link-self-loop -- stale -->\nSee [x](missing.md).\n',
    });
    expect(r.issues).toEqual(['suppression-unused docs/a.md:2']);
    const unused = r.all.find((i) => i.analyzerId === 'suppression-unused')!;
    expect(unused.severity).toBe('warn');
    expect(unused.data).toMatchObject({ rule: 'link-self-loop', form: 'next-line', line: 2 });
    expect(unused.message).toContain(
      "'sm-disable-next-line link-self-loop' at line 2 matched no issue on line 3",
    );
  });

  it('reports malformed directives clearly and applies none of them', () => {
    const r = scan({
      'docs/a.md': [
        '# A', // 1
        '<!-- sm-disable -->', // 2: no rule
        '<!-- sm-disable-next-line reference-brokn -- typo -->', // 3: unknown rule
        '<!-- sm-disable-next-line reference-broken -->', // 4: no reason
        '<!-- sm-disable * -->', // 5: all without a reason
        '<!-- sm-enable link-self-loop -->', // 6: nothing open
        'See [x](missing.md).', // 7
        '<!-- sm-disable-next-line reference-broken -- nothing after -->', // 8
      ].join('\n'),
    });
    expect(r.issues).toEqual([
      'reference-broken docs/a.md:7',
      'suppression-invalid docs/a.md:2',
      'suppression-invalid docs/a.md:3',
      'suppression-invalid docs/a.md:4',
      'suppression-invalid docs/a.md:5',
      'suppression-invalid docs/a.md:6',
      'suppression-invalid docs/a.md:8',
    ]);
    const messages = r.all.filter((i) => i.analyzerId === 'suppression-invalid').map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        "Suppression 'sm-disable' at line 2 is not applied: name the rules it suppresses (or `*` for all, with a reason)",
        "Suppression 'sm-disable-next-line reference-brokn' at line 3 is not applied: 'reference-brokn' is not a rule (sm check --list-rules)",
        "Suppression 'sm-disable-next-line reference-broken' at line 4 is not applied: give a reason (`-- why`)",
        "Suppression 'sm-disable *' at line 5 is not applied: `*` suppresses every rule and needs a reason (`-- why`)",
        "Suppression 'sm-enable link-self-loop' at line 6 is not applied: 'link-self-loop' is not disabled here",
      ]),
    );
  });

  it('inlineSuppressions: false ignores every directive, reports none unused and says so in the stats', () => {
    const files = {
      'docs/a.md': '# A\n<!-- sm-disable-next-line reference-broken -- later -->\nSee [x](missing.md).\n',
      'docs/b.md': '# B\n<!-- sm-disable-next-line reference-broken -- nothing -->\nFine.\n',
    };
    const on = scan(files);
    expect(on.issues).toEqual(['suppression-unused docs/b.md:2']);
    const off = scanSources(
      Object.entries(files).map(([p, t]) => src(p, t)),
      { inlineSuppressions: false },
    ).result;
    expect(off.issues.map((i) => i.analyzerId)).toEqual(['reference-broken']);
    expect(off.stats['inlineSuppressionsIgnored']).toBe(1);
    expect(off.stats.issuesSuppressed).toBe(0);
  });

  it('counts inline and sidecar suppressions together', () => {
    const r = scan({
      'docs/a.md':
        '# A\n<!-- sm-disable-next-line reference-broken -- later -->\nSee [x](missing.md).\n\nSee [y](gone.md).\n',
      'docs/a.sm':
        'annotations:\n  issueSuppressions:\n    - analyzer: reference-broken\n      value: docs/gone.md\n',
    });
    expect(r.issues).toEqual([]);
    expect(r.suppressed).toBe(2);
  });

  it('changes nothing for a file without directives', () => {
    const text = '# A\n<!-- a comment -->\nSee [x](missing.md).\n';
    const r = scan({ 'docs/a.md': text });
    expect(r.issues).toEqual(['reference-broken docs/a.md:3']);
    expect(r.records[0]!.suppressions).toBeUndefined();
  });
});
