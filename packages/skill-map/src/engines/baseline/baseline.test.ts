// The baseline's pure rules: fingerprints that ignore line numbers, matching with counts, expiry by UTC day, stale
// entries, create/update/prune, and the file format (every written file validates against baseline.schema.json).
import type { BaselineFile, Issue, Link } from '@skill-map/spec';
import { createSpecValidator } from '@skill-map/spec/testing';
import { describe, expect, it } from 'vitest';
import {
  applyBaseline,
  createBaseline,
  fingerprintOf,
  normaliseTrigger,
  parseBaseline,
  pruneBaseline,
  serializeBaseline,
  updateBaseline,
} from './index.js';

const spec = createSpecValidator();

function link(raw: string, line: number): Link {
  return {
    source: 'a.md',
    target: 'gone.md',
    kind: 'references',
    confidence: 0.25,
    sources: ['core/markdown-link'],
    raw,
    location: { line, column: 3, offset: 40 },
  };
}

function broken(target: string, linkIndex: number, severity: Issue['severity'] = 'error'): Issue {
  return {
    analyzerId: 'reference-broken',
    severity,
    nodeIds: ['a.md'],
    message: `Broken link '${target}'`,
    linkIndices: [linkIndex],
    data: { target, line: 7 },
  };
}

const budget = (tokens: number): Issue => ({
  analyzerId: 'file-over-budget',
  severity: 'warn',
  nodeIds: ['big.md'],
  message: `big.md is ${tokens} tokens at line ${tokens % 50}, over the budget of 2000`,
});

describe('fingerprints', () => {
  it('collapse whitespace and leave line references out', () => {
    expect(normaliseTrigger('  see   line 12\n and lines 3-4 at a.md:10:2 ')).toBe(
      'see line and lines at a.md',
    );
  });

  it('survive a line shift and a moved link index, and differ by trigger', () => {
    const before = fingerprintOf(broken('gone.md', 0), [link('[x](gone.md)', 3)]);
    const after = fingerprintOf(broken('gone.md', 1), [link('[y](other.md)', 1), link('[x](gone.md)', 40)]);
    expect(after).toEqual(before);
    const other = fingerprintOf(broken('gone.md', 0), [link('[z](gone.md)', 3)]);
    expect(other.trigger).not.toBe(before.trigger);
    expect(before).toMatchObject({ rule: 'reference-broken', node: 'a.md', target: 'gone.md' });
  });

  it('of an issue without a link or target hash its message without numbers', () => {
    expect(fingerprintOf(budget(2301), []).trigger).toBe(fingerprintOf(budget(2417), []).trigger);
    expect(fingerprintOf(budget(2301), []).target).toBeNull();
  });
});

describe('applyBaseline', () => {
  const links = [link('[x](gone.md)', 3), link('[w](gone.md)', 9)];
  const issues = [broken('gone.md', 0), broken('gone.md', 1), budget(2301)];
  const base = createBaseline(issues, links);

  it('accepts every issue of the scan it was created from', () => {
    expect(base.entries).toHaveLength(3);
    expect(applyBaseline(issues, links, base, '2026-01-01')).toEqual({
      fresh: [],
      suppressed: 3,
      expired: [],
      stale: [],
    });
  });

  it('leaves a new issue fresh and reports a gone one stale', () => {
    const now = [broken('gone.md', 0), broken('new.md', 1)];
    const v = applyBaseline(now, [link('[x](gone.md)', 3), link('[n](new.md)', 4)], base, '2026-01-01');
    expect(v.fresh.map((i) => i.data?.target)).toEqual(['new.md']);
    expect(v.stale.map((s) => s.entry.rule).sort()).toEqual(['file-over-budget', 'reference-broken']);
  });

  it('counts: one entry accepting two identical issues does not accept a third', () => {
    const twice: Issue[] = [budget(1), budget(2)];
    const b = createBaseline(twice, []);
    expect(b.entries).toEqual([expect.objectContaining({ count: 2 })]);
    const v = applyBaseline([...twice, budget(3)], [], b, '2026-01-01');
    expect(v.suppressed).toBe(2);
    expect(v.fresh).toHaveLength(1);
    expect(applyBaseline([budget(1)], [], b, '2026-01-01').stale).toEqual([
      { entry: b.entries[0], missing: 1 },
    ]);
  });

  it('an entry suppresses through its expires day (UTC) and fails from the next day', () => {
    const b = createBaseline([budget(1)], [], { expires: '2026-03-01' });
    expect(applyBaseline([budget(1)], [], b, '2026-03-01').suppressed).toBe(1);
    const v = applyBaseline([budget(1)], [], b, '2026-03-02');
    expect(v.suppressed).toBe(0);
    expect(v.fresh).toHaveLength(1);
    expect(v.expired).toEqual([{ entry: b.entries[0], issue: budget(1) }]);
    expect(v.stale).toEqual([]);
  });

  it('records errors and warnings only (info never fails a check)', () => {
    expect(createBaseline([broken('x.md', 0, 'info')], [link('[x](x.md)', 1)]).entries).toEqual([]);
  });
});

describe('update and prune', () => {
  const links = [link('[x](gone.md)', 3)];

  it('update adds the new issues and keeps the reasons and expiry of the old entries', () => {
    const old = createBaseline([broken('gone.md', 0)], links, { reason: 'legacy', expires: '2027-01-01' });
    const now = [broken('gone.md', 0), budget(5)];
    const { baseline, added } = updateBaseline(old, now, links, { reason: 'new' });
    expect(added).toBe(1);
    expect(baseline.entries.map((e) => [e.rule, e.reason, e.expires])).toEqual([
      ['reference-broken', 'legacy', '2027-01-01'],
      ['file-over-budget', 'new', undefined],
    ]);
  });

  it('prune drops the stale entries and keeps the rest as they were', () => {
    const old = createBaseline([broken('gone.md', 0), budget(5)], links, { reason: 'r' });
    const { baseline, removed } = pruneBaseline(old, [budget(9)], [], '2026-01-01');
    expect(removed.map((s) => s.entry.rule)).toEqual(['reference-broken']);
    expect(baseline.entries).toEqual([old.entries.find((e) => e.rule === 'file-over-budget')]);
  });
});

describe('the file format', () => {
  const written = createBaseline([broken('gone.md', 0), budget(1), budget(2)], [link('[x](gone.md)', 3)], {
    reason: 'x',
    expires: '2030-12-31',
  });

  it('a written baseline validates against baseline.schema.json and parses back unchanged', () => {
    expect(spec.validate('baseline', written)).toEqual({ ok: true });
    expect(parseBaseline(serializeBaseline(written), 'b.json')).toEqual({ ok: true, value: written });
  });

  const bad: Array<[string, string, RegExp]> = [
    ['not JSON', '{"schemaVersion": 1,', /^baseline b\.json is not valid JSON: /],
    [
      'another version',
      '{"schemaVersion": 2, "entries": []}',
      /schemaVersion 2; this sm reads schemaVersion 1/,
    ],
    ['no version', '{"entries": []}', /schemaVersion missing/],
    [
      'a bad expiry',
      JSON.stringify({
        ...written,
        entries: [written.entries[0], { ...written.entries[1], expires: '2030-02-30' }],
      }),
      /^baseline b\.json: entries\[1\] \(file-over-budget on big\.md\): expires must be a day written YYYY-MM-DD, got "2030-02-30"$/,
    ],
    [
      'a bad trigger',
      JSON.stringify({ ...written, entries: [{ ...written.entries[0], trigger: 'xyz' }] }),
      /entries\[0\] \(reference-broken on a\.md\): trigger must be 16 lowercase hex digits/,
    ],
    [
      'an unknown field',
      JSON.stringify({ ...written, entries: [{ ...written.entries[0], line: 3 }] }),
      /entries\[0\] .*unknown field 'line'/,
    ],
  ];
  it.each(bad)(
    '%s: a specific error naming the file and entry, which the schema rejects too',
    (_n, text, re) => {
      const got = parseBaseline(text, 'b.json');
      expect(got.ok).toBe(false);
      if (!got.ok) expect(got.error).toMatch(re);
      // Not JSON is for the parser alone; a day like 02-30 fits the schema's pattern, and only the parser refuses it.
      if (_n === 'not JSON' || /02-30/.test(text)) return;
      expect(spec.validate('baseline', JSON.parse(text) as unknown).ok).toBe(false);
    },
  );

  it('the schema and the parser accept the smallest baseline', () => {
    const min: BaselineFile = { schemaVersion: 1, entries: [] };
    expect(spec.validate('baseline', min)).toEqual({ ok: true });
    expect(parseBaseline(JSON.stringify(min), 'b.json').ok).toBe(true);
  });
});
