import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Link } from '../domain.js';
import { createTempTree } from '../testing/temp-tree.js';
import type { TempTree } from '../testing/temp-tree.js';
import { makeIssue, makeLink, makeNode, makeScan } from '../testing/scan-fixtures.js';
import { SHAPE_VERBATIM, decodeLink, encodeLink } from './link-codec.js';
import { WHOLE_LINK_FILTER } from './migrations/004-patch-reads.js';
import { defaultDbPath } from './open-database.js';
import { openScanStore } from './store.js';

const occ = (
  extractor: string,
  location: Link['location'],
  extra: Record<string, unknown> = {},
): Record<string, unknown> => ({
  extractor,
  originalTrigger: null,
  context: null,
  location,
  ...extra,
});

const ORDER = [
  'source',
  'target',
  'kind',
  'confidence',
  'sources',
  'trigger',
  'location',
  'raw',
  'occurrences',
  'resolvedTarget',
];

/** The link with its keys in the kernel's order. */
function canon(l: Link): Link {
  const o = l as unknown as Record<string, unknown>;
  return Object.fromEntries(ORDER.filter((k) => k in o).map((k) => [k, o[k]])) as unknown as Link;
}

/** Links of every shape: what the kernel emits (the first twelve), and what only a foreign producer would. */
function variants(): Link[] {
  return [...kernelLike().map(canon), ...foreign()];
}

function kernelLike(): Link[] {
  const base = makeLink('a.md', 'b.md');
  const loc = { line: 3, column: 7, offset: 41 };
  const trig = { originalTrigger: '/Deploy-It', normalizedTrigger: '/deploy it' };
  return [
    base,
    { ...base, occurrences: [occ('core/markdown-link', { ...loc, line: 1, column: 1, offset: 0 }) as never] },
    {
      ...base,
      location: loc,
      occurrences: [occ('core/markdown-link', { ...loc }, { context: 'inline-code' }) as never],
    },
    { ...base, resolvedTarget: null, confidence: 0.25 },
    { ...base, resolvedTarget: 'other/b.md' },
    { source: 'a.md', target: 'b.md', kind: 'mentions', confidence: 0.5, sources: ['x/y'] },
    {
      ...base,
      kind: 'invokes',
      target: '/Deploy-It',
      trigger: trig,
      resolvedTarget: '.claude/commands/deploy.md',
      occurrences: [
        occ(
          'core/markdown-link',
          { line: 1, column: 1, offset: 0 },
          { originalTrigger: '/Deploy-It' },
        ) as never,
      ],
    },
    {
      ...base,
      trigger: trig,
      occurrences: [occ('core/markdown-link', { line: 1, column: 1, offset: 0 }) as never],
    },
    { ...base, location: null, occurrences: [occ('core/markdown-link', null) as never] },
    {
      ...base,
      location: null,
      occurrences: [occ('core/markdown-link', { line: 1, column: 1, offset: 0 }) as never],
    },
    {
      ...base,
      raw: 'b.md',
      occurrences: [
        occ('core/markdown-link', { line: 1, column: 1, offset: 0 }, { context: 'code-block' }) as never,
      ],
    },
    {
      ...base,
      kind: 'invokes',
      target: '/x',
      raw: '/x',
      trigger: { originalTrigger: '/x', normalizedTrigger: '/x' },
      resolvedTarget: null,
      occurrences: [
        occ(
          'core/markdown-link',
          { line: 1, column: 1, offset: 0 },
          { originalTrigger: '/x', context: 'escaped' },
        ) as never,
      ],
    },
  ];
}

function foreign(): Link[] {
  const base = makeLink('a.md', 'b.md');
  const loc = { line: 3, column: 7, offset: 41 };
  return [
    canon({
      ...base,
      sources: ['core/backtick-path', 'core/markdown-link'],
      occurrences: [occ('core/backtick-path', loc) as never, occ('core/markdown-link', loc) as never],
    }),
    { ...base, occurrences: [occ('core/other', { line: 1, column: 1, offset: 0 }) as never] },
    { ...base, occurrences: [] },
    {
      ...base,
      occurrences: [
        {
          originalTrigger: null,
          extractor: 'core/markdown-link',
          context: null,
          location: { line: 1, column: 1, offset: 0 },
        },
      ],
    },
    { ...base, raw: undefined },
    { ...base, location: { column: 1, line: 1, offset: 0 } },
    { resolvedTarget: 'b.md', ...base },
    { ...base, extra: { note: true } } as unknown as Link,
    { ...base, raw: 'half \ud83d pair' },
    { ...base, target: 'b\u0000.md', raw: 'nul \u0000 inside' },
    { ...base, confidence: -0 },
    { ...base, location: { line: 1.5, column: 1, offset: 0 } },
    { ...base, trigger: { originalTrigger: 'x', normalizedTrigger: 'x', extra: 1 } as never },
    { ...base, raw: '', resolvedTarget: '' },
    canon({
      ...base,
      occurrences: [
        occ('core/markdown-link', { line: 1, column: 1, offset: 0 }, { context: 'prose?' }) as never,
      ],
    }),
  ];
}

describe('link codec', () => {
  it('decodes every shape back to the same JSON text', () => {
    for (const link of variants()) {
      const values = encodeLink(link);
      const back = decodeLink(values);
      expect(JSON.stringify(back), JSON.stringify(link)).toBe(JSON.stringify(link));
    }
  });

  it('stores what the kernel emits as columns, and keeps the JSON only for what does not fit', () => {
    const shapes = variants().map((l) => encodeLink(l)[12]);
    expect(shapes.slice(0, 12).every((s) => s !== SHAPE_VERBATIM)).toBe(true);
    expect(encodeLink(variants()[12] as Link)[13]).toContain('"occurrences"');
    // Unknown keys, another key order, a lone surrogate: the whole link is kept verbatim.
    for (const i of [17, 18, 19, 20, 24])
      expect(encodeLink(variants()[i] as Link)[12], String(i)).toBe(SHAPE_VERBATIM);
  });

  it('sets the shape bits the partial index of the whole-graph reads names (migration 004)', () => {
    const shape = (link: Partial<Link>): number => encodeLink(makeLink('a.md', 'refs', link))[12] as number;
    // `(shape & 3) = 1`: a path-style link (`trigger: null`); a trigger object or none sets other bits.
    expect(shape({ trigger: null }) & 3).toBe(1);
    expect(shape({ trigger: { originalTrigger: '/x', normalizedTrigger: '/x' } }) & 3).not.toBe(1);
    // `(shape & 4096) <> 0`: several extractors, their list in `extra_json`.
    expect(shape({ sources: ['core/at-file', 'core/markdown-link'] }) & 4096).not.toBe(0);
    expect(shape({ sources: ['core/markdown-link'] }) & 4096).toBe(0);
    expect(WHOLE_LINK_FILTER).toContain('(shape & 3) = 1');
    expect(WHOLE_LINK_FILTER).toContain('(shape & 4096) <> 0');
    expect(WHOLE_LINK_FILTER).toContain(`shape = ${SHAPE_VERBATIM}`);
  });
});

let tree: TempTree;
beforeEach(() => {
  tree = createTempTree('sm-codec-');
});
afterEach(() => tree.remove());

describe('link codec through the store', () => {
  it('reads back exactly the links, bundles and issue positions it was given, cold and warm', () => {
    const links = variants().map((l, i) => ({ ...l, source: i % 3 === 0 ? 'a.md' : 'c.md' }));
    const nodes = [makeNode('a.md'), makeNode('b.md'), makeNode('c.md')];
    const issues = [
      makeIssue('a.md', 'gone.md', { linkIndices: [3, 99, 5] }),
      makeIssue('c.md', 'x', { linkIndices: [links.length - 1] }),
    ];
    const store = openScanStore({ path: defaultDbPath(tree.root), posture: 'write', create: true });
    const scans = [
      makeScan(nodes, links, issues),
      makeScan(nodes, [...links].reverse(), issues),
      makeScan(nodes, links.slice(4), issues.slice(1)),
    ];
    let index: ReturnType<typeof store.persistScan>['index'] | undefined;
    for (const [n, scan] of scans.entries()) {
      for (const warm of [false, true]) {
        index = store.persistScan(scan, warm && index ? { index } : {}).index;
        const label = `scan ${n} ${warm ? 'warm' : 'cold'}`;
        // What leaves the store is JSON: compare the wire form, key order included. The store may
        // order links its own way, so issue positions are compared by the links they point at.
        const wire = (ls: readonly Link[]): string[] => ls.map((l) => JSON.stringify(l));
        const back = store.loadScan();
        expect(wire(back?.links ?? []).sort(), label).toEqual(wire(scan.links).sort());
        const pointed = (ls: readonly Link[], ix: readonly number[] | undefined): string[] =>
          (ix ?? []).flatMap((i) => (ls[i] ? [JSON.stringify(ls[i])] : []));
        expect(back?.issues.length, label).toBe(scan.issues.length);
        for (const [k, issue] of scan.issues.entries()) {
          const got = back?.issues[k];
          expect({ ...got, linkIndices: undefined }, label).toEqual({ ...issue, linkIndices: undefined });
          expect(pointed(back?.links ?? [], got?.linkIndices).sort(), label).toEqual(
            pointed(scan.links, issue.linkIndices).sort(),
          );
        }
        const page = store.listLinks({ to: 'other/b.md' });
        const wanted = scan.links.filter(
          (l) => l.target === 'other/b.md' || l.resolvedTarget === 'other/b.md',
        );
        expect(page.total, label).toBe(wanted.length);
        expect(JSON.stringify(page.items), label).toBe(JSON.stringify(wanted));
      }
    }
    store.close();
  });
});
