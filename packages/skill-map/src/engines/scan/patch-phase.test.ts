import { appendFileSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Issue, ScanResult } from '@skill-map/spec';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openScanStore, tryOpenScanStoreForRead } from '../../adapters/sqlite/store.js';
import type { ScanStore } from '../../adapters/sqlite/store.js';
import { createTempTree } from '../../adapters/testing/temp-tree.js';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { runScan } from './scan-engine.js';
import type { ScanOptions, ScanOutcome } from './scan-engine.js';
import { createScanWarmState } from './warm-state.js';
import { fullScanRows, rowFacts } from './testing/row-facts.js';
import { canonicalGraph, HARNESS_PROJECT, LINK_SNIPPETS } from '../../kernel/testing/harness-project.js';

let tree: TempTree;

/** Deterministic pseudo-random numbers (a test must fail the same way twice). */
function rng(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return Math.floor((s / 2 ** 32) * n);
  };
}

beforeEach(() => {
  tree = createTempTree('sm-patch-');
  tree.write(HARNESS_PROJECT);
});
afterEach(() => tree.remove());

const scan = (extra: Partial<ScanOptions> = {}): Promise<ScanOutcome> =>
  runScan({ projectRoot: tree.root, summaryOnly: true, ...extra });

function stored(): ScanResult {
  const store = tryOpenScanStoreForRead(`${tree.root}/.skill-map/skill-map.db`)!;
  try {
    return store.loadScan();
  } finally {
    store.close();
  }
}

/** What a full build of the same files gives (an in-memory scan: it reads the cache, builds every record). */
async function fullBuild(): Promise<ScanResult> {
  return (await runScan({ projectRoot: tree.root, persist: false })).result;
}

describe('in-place patch of a scan in a new process', () => {
  it('leaves the database as a full scan would, after each of many one-file edits', async () => {
    // Every mtime trusted: only the rewritten file is read again (the racy window would re-read all of them).
    const trusted = { racyWindowMs: -60_000 };
    // Whole-second mtimes, so a copy of the tree carries exactly the same ones.
    const stamp = (path: string, step: number): void =>
      utimesSync(tree.abs(path), 1.7e9 + step, 1.7e9 + step);
    for (const path of Object.keys(HARNESS_PROJECT)) stamp(path, 0);
    expect((await scan(trusted)).patchedInPlace).toBe(false);
    let patched = 0;
    const docs = Object.keys(HARNESS_PROJECT);
    const pick = rng(7);
    for (let step = 0; step < 40; step++) {
      // Rewrite one file with its original text plus a random handful of links: links come and go, so incoming
      // counts of other nodes move both ways.
      const path = docs[pick(docs.length)]!;
      const extra = Array.from({ length: pick(4) }, () => LINK_SNIPPETS[pick(LINK_SNIPPETS.length)]!).join(
        '',
      );
      writeFileSync(tree.abs(path), `${HARNESS_PROJECT[path]!}${extra}\n`);
      stamp(path, step + 1);
      const out = await scan(trusted);
      if (!out.patchedInPlace) continue;
      patched++;
      const full = await fullBuild();
      expect(canonicalGraph(stored()), `step ${step}: ${path}`).toEqual(canonicalGraph(full));
      expect(out.summary.stats.linksCount).toBe(full.links.length);
      expect(out.summary.stats.issuesCount).toBe(full.issues.length);
      expect(out.summary.issues.error).toBe(full.issues.filter((i) => i.severity === 'error').length);
      expect(out.files.reusedByStat).toBe(docs.length - 1);
    }
    // Edits that add an invocation between commands (or an @import, an MCP tool) fall back to the whole build: the
    // whole-graph checks (invocation-cycle, ...) could see them (graph/record-patch.ts).
    expect(patched).toBeGreaterThan(24);
    // Row for row (fingerprints, issue keys and hashes, cache) what a full scan of the same files writes.
    expect(rowFacts(tree.root)).toEqual(await fullScanRows(tree.root));
    // The patched rows carry the fingerprints a full persist computes: a full diff against them writes nothing.
    const check = await runScan({ projectRoot: tree.root, ...trusted });
    expect(check.patchedInPlace).toBe(false);
    expect(check.persisted).toMatchObject({
      nodes: { inserted: 0, updated: 0, deleted: 0 },
      links: { inserted: 0, updated: 0, deleted: 0 },
      issues: { inserted: 0, updated: 0, deleted: 0 },
    });
  });

  it('patches nothing-changed rescans too, and loads the full result only when asked', async () => {
    // Trust every mtime (the files were written a moment ago): nothing is even read the second time.
    await scan({ racyWindowMs: -60_000 });
    const out = await scan({ racyWindowMs: -60_000 });
    expect(out.patchedInPlace).toBe(true);
    expect(out.files).toMatchObject({ analyzed: 0, reusedByStat: 12 });
    expect(out.persisted?.nodes).toEqual({ inserted: 0, updated: 0, deleted: 0 });
    expect(canonicalGraph(out.result)).toEqual(canonicalGraph(await fullBuild()));
  });

  it("stamps this scan's own facts (time, tokenizer) into the patched scan metadata", async () => {
    await scan({ now: () => 1_000 });
    writeFileSync(tree.abs('.skill-map/settings.json'), '{"tokenizer":"o200k_base"}');
    appendFileSync(tree.abs('docs/c.md'), ' [a](a.md)');
    const out = await scan({ now: () => 2_000 });
    expect(out.patchedInPlace).toBe(true);
    const { nodes: _n, links: _l, issues: _i, ...meta } = stored();
    const { nodes: _fn, links: _fl, issues: _fi, ...expected } = await fullBuild();
    expect(meta).toMatchObject({ scannedAt: 2_000, tokenizer: 'o200k_base' });
    for (const key of [
      'providers',
      'activeProvider',
      'roots',
      'scanCeiling',
      'maxRenderNodes',
      'scannedBy',
    ] as const)
      expect(meta[key], key).toEqual(expected[key]);
    expect({ ...meta.stats, durationMs: 0 }).toEqual({ ...expected.stats, durationMs: 0 });
  });

  it('falls back to the full scan when a change reaches beyond the changed file', async () => {
    await scan();
    // A renamed agent patches in place now (its name index entries, name issues and the files naming it re-resolved).
    writeFileSync(tree.abs('.claude/agents/helper.md'), '---\nname: aide\n---\nHi.\n');
    const renamed = await scan();
    expect(renamed.fullBuildReason).toBe(null);
    expect(canonicalGraph(stored())).toEqual(canonicalGraph(await fullBuild()));
    const cases: Array<[string, () => void]> = [
      ['a new file', () => writeFileSync(tree.abs('docs/d.md'), 'D [a](a.md)\n')],
      ['a deleted file', () => unlinkSync(tree.abs('docs/c.md'))],
      ['a sidecar', () => writeFileSync(tree.abs('docs/a.sm'), 'annotations:\n  stability: deprecated\n')],
      [
        'another setting',
        () => writeFileSync(tree.abs('.skill-map/settings.json'), '{"scan":{"strict":true}}'),
      ],
    ];
    for (const [what, change] of cases) {
      change();
      const out = await scan();
      expect(out.patchedInPlace, what).toBe(false);
      expect(canonicalGraph(stored()), what).toEqual(canonicalGraph(await fullBuild()));
    }
    // With the sidecar in place a later edit patches in place (the stored index carries the sidecars).
    appendFileSync(tree.abs('docs/b.md'), ' more');
    const after = await scan();
    expect(after.fullBuildReason).toBe(null);
    expect(canonicalGraph(stored())).toEqual(canonicalGraph(await fullBuild()));
  });

  it('patches after a long-running process wrote, as long as that process never wrote after another writer', async () => {
    const trusted = { racyWindowMs: -60_000 };
    // Whole-second mtimes, so a copy of the tree carries exactly the same ones.
    let clock = 0;
    const stamp = (path: string): void => utimesSync(tree.abs(path), 1.7e9 + clock, 1.7e9 + clock++);
    const edit = (path: string, text: string): void => {
      appendFileSync(tree.abs(path), text);
      stamp(path);
    };
    for (const path of Object.keys(HARNESS_PROJECT)) stamp(path);
    await scan(trusted);
    // A long-running process (sm serve): its boot scan and its rescans keep the stored index current.
    const warm = createScanWarmState(`${tree.root}/.skill-map/skill-map.db`);
    const rescan = async (path: string, text: string): Promise<void> => {
      edit(path, text);
      await runScan({ projectRoot: tree.root, warm, changedPaths: [path], ...trusted });
    };
    try {
      await runScan({ projectRoot: tree.root, warm, ...trusted });
      await rescan('docs/b.md', ' [c](c.md)');
      await rescan('docs/b.md', ' [guide](guide.md)');
      edit('docs/a.md', ' [b](b.md)');
      expect((await scan(trusted)).patchedInPlace).toBe(true);
      expect(rowFacts(tree.root)).toEqual(await fullScanRows(tree.root));
      // The process's next persist follows another writer, with records it had before: from then on it stores no
      // graph digest (its rows may be older than the cache), and scans in new processes build in full.
      await rescan('docs/b.md', ' [a](a.md)');
      edit('docs/c.md', ' [a](a.md)');
      expect((await scan(trusted)).patchedInPlace).toBe(false);
      await rescan('docs/b.md', ' more');
      await rescan('docs/b.md', ' and more');
      edit('docs/c.md', ' [b](b.md)');
      expect((await scan(trusted)).patchedInPlace).toBe(false);
      expect(rowFacts(tree.root)).toEqual(await fullScanRows(tree.root));
    } finally {
      warm.store?.store.close();
    }
  });

  it('does not vouch for rows written from a cache another writer changed meanwhile', async () => {
    await scan();
    const dbPath = `${tree.root}/.skill-map/skill-map.db`;
    // Another process persists between this scan's read of the cache and its own persist.
    const interleaved = (store: ScanStore): ScanStore => ({
      ...store,
      persistScan: (result, options) => {
        const other = new Database(dbPath);
        other.prepare(`UPDATE scan_meta SET persist_generation = persist_generation + 1`).run();
        other.close();
        return store.persistScan(result, options);
      },
    });
    appendFileSync(tree.abs('docs/a.md'), ' [b](b.md)');
    expect((await scan({ summaryOnly: false, wrapStore: interleaved })).patchedInPlace).toBe(false);
    appendFileSync(tree.abs('docs/c.md'), ' [a](a.md)');
    expect((await scan()).patchedInPlace).toBe(false);
    appendFileSync(tree.abs('docs/c.md'), ' [b](b.md)');
    expect((await scan()).patchedInPlace).toBe(true);
  });

  it('writes nothing when the database moved after the patch was computed', async () => {
    await scan();
    const before = rowFacts(tree.root);
    const store = openScanStore({ path: `${tree.root}/.skill-map/skill-map.db`, posture: 'write' });
    try {
      const base = store.patchBase()!;
      expect(base.indexCurrent).toBe(true);
      const patch = {
        generation: base.generation - 1,
        files: [{ path: 'docs/a.md', previousOwnIssues: [] }],
        nodes: [],
        links: [],
        issues: [],
        inputs: { salt: base.salt ?? '', record: () => undefined, identity: () => undefined },
        meta: { ...stored(), nodes: undefined, links: undefined, issues: undefined },
        extras: {},
        cache: { upserts: [], deletes: [] },
      };
      expect(store.persistPatch(patch)).toEqual({
        refused: 'another writer persisted since the patch was computed',
      });
    } finally {
      store.close();
    }
    expect(rowFacts(tree.root)).toEqual(before);
  });

  it('refuses (writes nothing, so the caller scans in full) when a new issue row collides with a kept one', async () => {
    await scan();
    const before = rowFacts(tree.root);
    const db = new Database(`${tree.root}/.skill-map/skill-map.db`, { readonly: true });
    // A node-level issue (no links): a patch of its file that does not say its record emitted it keeps it.
    const row = db
      .prepare(
        `SELECT group_key, issue_key FROM scan_issues
          WHERE link_ids_json IS NULL AND analyzer_id != 'orphan' ORDER BY group_key, issue_key LIMIT 1`,
      )
      .get() as { group_key: string; issue_key: string } | undefined;
    db.close();
    expect(row).toBeDefined();
    const kept = stored().issues.find(
      (i) =>
        i.nodeIds[0] === row!.group_key && i.linkIndices === undefined && row!.issue_key.includes(i.message),
    );
    expect(kept).toBeDefined();
    const store = openScanStore({ path: `${tree.root}/.skill-map/skill-map.db`, posture: 'write' });
    try {
      const base = store.patchBase()!;
      const patch = (previousOwnIssues: Issue[]) => ({
        generation: base.generation,
        files: [{ path: row!.group_key, previousOwnIssues }],
        nodes: [],
        links: [],
        issues: [kept!],
        inputs: { salt: base.salt ?? '', record: () => undefined, identity: () => undefined },
        meta: { ...stored(), nodes: undefined, links: undefined, issues: undefined },
        extras: {},
        cache: { upserts: [], deletes: [] },
      });
      // The same issue again while the stored one is kept: two rows with one key. Refused.
      const refusal = store.persistPatch(patch([]));
      expect(refusal).toMatchObject({ refused: expect.stringMatching(/issue/) as unknown });
      expect(rowFacts(tree.root)).toEqual(before);
      // Said to be the file's own previous issue, the stored row goes and the new one takes its key.
      expect(store.persistPatch(patch([kept!]))).not.toHaveProperty('refused');
    } finally {
      store.close();
    }
  });

  it('builds in full when state appeared for a path that is not a node (its orphan issue is due)', async () => {
    await scan();
    const db = new Database(`${tree.root}/.skill-map/skill-map.db`);
    db.prepare(`INSERT INTO state_node_favorites (node_path, created_at) VALUES ('ghost.md', 1)`).run();
    db.close();
    appendFileSync(tree.abs('docs/c.md'), ' [a](a.md)');
    const out = await scan();
    expect(out.patchedInPlace).toBe(false);
    expect(stored().issues.some((i) => i.analyzerId === 'orphan' && i.nodeIds[0] === 'ghost.md')).toBe(true);
  });

  it('never patches a full scan, a JSON-mode scan or an in-memory one', async () => {
    await scan();
    appendFileSync(tree.abs('docs/a.md'), ' [b](b.md)');
    expect((await scan({ mode: 'full' })).patchedInPlace).toBe(false);
    appendFileSync(tree.abs('docs/a.md'), ' [c](c.md)');
    expect((await scan({ summaryOnly: false })).patchedInPlace).toBe(false);
    appendFileSync(tree.abs('docs/a.md'), ' [guide](guide.md)');
    expect((await scan({ persist: false })).patchedInPlace).toBe(false);
  });
});
