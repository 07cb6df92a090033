import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Link } from '../domain.js';
import { createTempTree } from '../testing/temp-tree.js';
import type { TempTree } from '../testing/temp-tree.js';
import { makeIssue, makeLink, makeNode, makeScan } from '../testing/scan-fixtures.js';
import { openStoreV1 } from '../testing/store-v1/index.js';
import { SHAPE_VERBATIM, decodeLink, encodeLink } from './link-codec.js';
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
});

let tree: TempTree;
beforeEach(() => {
  tree = createTempTree('sm-codec-');
});
afterEach(() => tree.remove());

describe('link codec through the store', () => {
  it('reads back the same links, bundles and issue positions as the schema-1 store', () => {
    const links = variants().map((l, i) => ({ ...l, source: i % 3 === 0 ? 'a.md' : 'c.md' }));
    const nodes = [makeNode('a.md'), makeNode('b.md'), makeNode('c.md')];
    const issues = [
      makeIssue('a.md', 'gone.md', { linkIndices: [3, 99, 5] }),
      makeIssue('c.md', 'x', { linkIndices: [links.length - 1] }),
    ];
    const current = openScanStore({ path: defaultDbPath(tree.root), posture: 'write', create: true });
    const oracle = openStoreV1(`${tree.root}/v1.db`);
    const scans = [
      makeScan(nodes, links, issues),
      makeScan(nodes, [...links].reverse(), issues),
      makeScan(nodes, links.slice(4), issues.slice(1)),
    ];
    let index: ReturnType<typeof current.persistScan>['index'] | undefined;
    let indexV1: ReturnType<typeof oracle.persistScan>['index'] | undefined;
    for (const [n, scan] of scans.entries()) {
      for (const warm of [false, true]) {
        const a = current.persistScan(scan, warm && index ? { index } : {});
        const b = oracle.persistScan(scan, warm && indexV1 ? { index: indexV1 } : {});
        index = a.index;
        indexV1 = b.index;
        const label = `scan ${n} ${warm ? 'warm' : 'cold'}`;
        expect(JSON.stringify(current.loadScan()), label).toBe(JSON.stringify(oracle.loadScan()));
        for (const p of ['a.md', 'b.md', 'c.md', 'other/b.md'])
          expect(JSON.stringify(current.findNode(p)), label).toBe(JSON.stringify(oracle.findNode(p)));
        expect(JSON.stringify(current.listLinks({ to: 'other/b.md' })), label).toBe(
          JSON.stringify(oracle.listLinks({ to: 'other/b.md' })),
        );
        expect(JSON.stringify(current.listIssues({})), label).toBe(JSON.stringify(oracle.listIssues({})));
      }
    }
    current.close();
    oracle.close();
  });
});
