import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ScanResult } from '../adapters/domain.js';
import type { RowInputs } from '../adapters/sqlite/fingerprints.js';
import type { PersistOptions, PersistReport } from '../adapters/sqlite/scan-writer.js';
import type { ScanStore } from '../adapters/sqlite/store.js';
import { openScanStore } from '../adapters/sqlite/store.js';
import { openStoreV1 } from '../adapters/testing/store-v1/index.js';
import type { StoreV1 } from '../adapters/testing/store-v1/index.js';
import type { PersistIndex as PersistIndexV1 } from '../adapters/testing/store-v1/persist-index.js';
import { createTempTree } from '../adapters/testing/temp-tree.js';
import type { TempTree } from '../adapters/testing/temp-tree.js';
import { runScan } from './scan-engine.js';
import type { ScanOptions } from './scan-engine.js';
import { createScanWarmState } from './warm-state.js';

// The compact scan zone (schema 2) must read back exactly what the schema-1 store (one canonical JSON per row,
// frozen in adapters/testing/store-v1) reads back after the same persists: the same objects, key order
// included. Every scan below is persisted through both; every read surface is compared as JSON text.

const CORPORA = new URL('../../../../../shared/corpora/', import.meta.url).pathname;

let tree: TempTree;
beforeEach(() => {
  tree = createTempTree('sm-equiv-');
});
afterEach(() => tree.remove());

type Reader = Pick<
  ScanStore,
  | 'loadScan'
  | 'findNode'
  | 'listIssues'
  | 'listNodes'
  | 'listLinks'
  | 'listNodeSummaries'
  | 'nodePaths'
  | 'nodesByPaths'
  | 'closeOver'
  | 'counts'
>;

/** Every read surface of a store, over queries derived from what it holds. */
function reads(s: Reader): Record<string, unknown> {
  const scan = s.loadScan();
  const paths = scan.nodes.map((n) => n.path);
  const sample = paths.filter((_, i) => i % 7 === 3);
  const sources = [...new Set(scan.links.map((l) => l.source))].filter((_, i) => i % 5 === 0).slice(0, 25);
  const targets = [...new Set(scan.links.flatMap((l) => [l.target, l.resolvedTarget ?? 'none']))]
    .filter((_, i) => i % 9 === 0)
    .slice(0, 25);
  return {
    scan,
    bundles: [...paths, 'not/a/node.md'].map((p) => s.findNode(p)),
    issues: [
      {},
      { severity: ['error'] },
      { severity: ['warn', 'info'] },
      { analyzerId: ['core/reference-broken'] },
      { analyzerId: ['orphan', 'name-collision'] },
      { node: sample.slice(0, 6) },
      { limit: 3, offset: 2 },
      { limit: 1000 },
    ].map((q) => s.listIssues(q)),
    nodes: [
      {},
      { kind: ['skill'] },
      { kind: ['agent', 'command'] },
      { hasIssues: true },
      { pathGlobs: ['docs/**'] },
      { pathGlobs: ['*.md', '.claude/**'], limit: 5, offset: 1 },
      { limit: 1000 },
    ].map((q) => s.listNodes(q)),
    links: [
      {},
      { kind: ['invokes'] },
      { kind: ['references', 'points'], limit: 50 },
      ...sources.map((from) => ({ from })),
      ...targets.map((to) => ({ to })),
      { limit: 7, offset: 11 },
      { limit: 1000 },
      { limit: 1000, offset: 1000 },
    ].map((q) => s.listLinks(q)),
    summaries: s.listNodeSummaries(),
    nodePaths: s.nodePaths(),
    byPaths: s.nodesByPaths([...sample, 'not/a/node.md']),
    counts: s.counts(),
    close: [sample, paths.slice(0, 40), paths].flatMap((set) => [
      s.closeOver(set, 'raw'),
      s.closeOver(set, 'resolved'),
    ]),
  };
}

function expectSameReads(current: Reader, oracle: Reader, label: string): void {
  const a = reads(current);
  const b = reads(oracle);
  const ja = JSON.stringify(a);
  const jb = JSON.stringify(b);
  if (ja !== jb) expect(a, label).toEqual(b);
  expect(ja === jb, `${label}: same JSON text (key order included)`).toBe(true);
}

/** Schema 1 keyed rows by a string identity. */
function oracleInputs(inputs: RowInputs): { salt: string; record(path: string): string | undefined } {
  return {
    salt: inputs.salt,
    record: (p) => (inputs.record(p) === undefined ? undefined : String(inputs.record(p))),
  };
}

/** Wraps the engine's store so every persist also goes to the schema-1 oracle, with the same options. */
function tee(oracle: StoreV1, state: { index?: PersistIndexV1 }): (store: ScanStore) => ScanStore {
  return (store) => ({
    ...store,
    persistScan(result: ScanResult, options: PersistOptions = {}): PersistReport {
      const report = store.persistScan(result, options);
      const v1 = oracle.persistScan(result, {
        ...(options.index !== undefined && state.index !== undefined ? { index: state.index } : {}),
        ...(options.inputs !== undefined ? { inputs: oracleInputs(options.inputs) } : {}),
        ...(options.extras !== undefined ? { extras: options.extras } : {}),
        ...(options.keepIndex !== undefined ? { keepIndex: options.keepIndex } : {}),
      });
      state.index = v1.index;
      expect([v1.nodes, v1.links, v1.issues].map((c) => c.inserted + c.updated + c.deleted > 0)).toEqual(
        [report.nodes, report.links, report.issues].map((c) => c.inserted + c.updated + c.deleted > 0),
      );
      expect(JSON.stringify(v1.result)).toBe(JSON.stringify(report.result));
      return report;
    },
  });
}

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function listFiles(root: string, rel = ''): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(root, rel), { withFileTypes: true })) {
    if (e.name === '.skill-map') continue;
    const p = rel === '' ? e.name : `${rel}/${e.name}`;
    if (e.isDirectory()) out.push(...listFiles(root, p));
    else out.push(p);
  }
  return out.sort();
}

/** Random edits of every kind the persist handles: content, links, adds, deletes, renames, names, sidecars. */
function randomEdit(r: () => number): string {
  const md = listFiles(tree.root).filter((p) => p.endsWith('.md'));
  const pick = <T>(xs: T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const p = pick(md);
  switch (Math.floor(r() * 7)) {
    case 0:
      writeFileSync(
        tree.abs(p),
        `${readFileSync(tree.abs(p), 'utf8')}\nMore ${Math.floor(r() * 1e6)}: [x](${pick(md)}), \`${pick(md)}\` and /${pick(['deploy', 'review', 'gone'])}.\n`,
      );
      return `content ${p}`;
    case 1: {
      const n = Math.floor(r() * 1e6);
      tree.write({
        [`docs/new/n${n}.md`]: `# New ${n}\nSee [a](../../${pick(md)}), [gone](gone-${n}.md) and @agent-${pick(['rev', 'x'])}.\n`,
      });
      return `add docs/new/n${n}.md`;
    }
    case 2:
      unlinkSync(tree.abs(p));
      return `delete ${p}`;
    case 3: {
      const to = p.replace(/\.md$/, `-r${Math.floor(r() * 100)}.md`);
      renameSync(tree.abs(p), tree.abs(to));
      return `rename ${p} -> ${to}`;
    }
    case 4: {
      const text = readFileSync(tree.abs(p), 'utf8');
      writeFileSync(
        tree.abs(p),
        text.includes('name: ')
          ? text.replace(/^name: .*$/m, `name: ${pick(['deploy', 'review', 'fresh'])}`)
          : `---\nname: ${pick(['deploy', 'x'])}\n---\n${text}`,
      );
      return `name ${p}`;
    }
    case 5: {
      const sm = p.replace(/\.md$/, '.sm');
      if (existsSync(tree.abs(sm))) unlinkSync(tree.abs(sm));
      else tree.write({ [sm]: `annotations:\n  stability: ${pick(['stable', 'experimental'])}\n` });
      return `sidecar ${sm}`;
    }
    default:
      writeFileSync(tree.abs(p), readFileSync(tree.abs(p), 'utf8').replace(/\[[^\]]*\]\([^)]*\)/, ''));
      return `unlink ${p}`;
  }
}

interface Pair {
  readonly oracle: StoreV1;
  readonly state: { index?: PersistIndexV1 };
  readonly dbPath: string;
}

function pair(name: string): Pair {
  mkdirSync(join(tree.root, '.skill-map'), { recursive: true });
  return {
    oracle: openStoreV1(join(tree.root, `.skill-map/${name}-v1.db`)),
    state: {},
    dbPath: join(tree.root, `.skill-map/${name}.db`),
  };
}

function compare(p: Pair, label: string): void {
  const current = openScanStore({ path: p.dbPath, posture: 'read' });
  try {
    expectSameReads(current, p.oracle, label);
  } finally {
    current.close();
  }
}

async function scanBoth(p: Pair, root: string, extra: Partial<ScanOptions> = {}): Promise<void> {
  await runScan({
    projectRoot: root,
    dbPath: p.dbPath,
    racyWindowMs: -60_000,
    wrapStore: tee(p.oracle, p.state),
    ...extra,
  });
}

describe('compact store ≡ schema-1 store (reads)', () => {
  for (const corpus of ['anthropics-skills', 'obra-superpowers']) {
    it.runIf(existsSync(join(CORPORA, corpus)))(`corpus ${corpus}, in place`, async () => {
      const root = join(CORPORA, corpus);
      const p = pair(corpus);
      await scanBoth(p, root);
      compare(p, `${corpus} cold`);
      await scanBoth(p, root);
      compare(p, `${corpus} no-change`);
      await scanBoth(p, root, { mode: 'full' });
      compare(p, `${corpus} full`);
      p.oracle.close();
    });
  }

  it('synthetic realistic project (bench generator), random edits: cold, fingerprinted, full-compare and warm persists', async () => {
    const { generateProject } = (await import(
      new URL('../../../../bench/scan/generate.mjs', import.meta.url).href
    )) as {
      generateProject: (root: string, nodes: number) => unknown;
    };
    generateProject(tree.root, 400);
    const cheap = pair('cheap');
    const full = pair('full');
    const warmPair = pair('warm');
    const warm = createScanWarmState(warmPair.dbPath);
    await scanBoth(cheap, tree.root);
    await scanBoth(full, tree.root, { rowFingerprints: false });
    await scanBoth(warmPair, tree.root, { warm });
    compare(cheap, 'initial');
    const r = rng(11);
    for (let step = 0; step < 12; step += 1) {
      const what: string[] = [];
      for (let k = 0; k < 1 + Math.floor(r() * 4); k += 1) what.push(randomEdit(r));
      const label = `step ${step}: ${what.join('; ')}`;
      await scanBoth(cheap, tree.root, { mode: 'changed' });
      await scanBoth(full, tree.root, { rowFingerprints: false });
      await scanBoth(warmPair, tree.root, { warm });
      compare(cheap, `${label} (fingerprinted)`);
      // A no-change rescan (the graph digest shortcut) leaves every read as it was.
      await scanBoth(cheap, tree.root, { mode: 'changed' });
      compare(cheap, `${label} (no-change rescan)`);
      compare(full, `${label} (full compare)`);
      compare(warmPair, `${label} (warm)`);
    }
    for (const p of [cheap, full, warmPair]) p.oracle.close();
  });
});
