import { readFileSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../adapters/config/layered-config.js';
import { NODE_FS } from '../../adapters/fs/fs-port.js';
import { createOpsLog } from '../../adapters/ops-log.js';
import { defaultDbPath, openDatabase } from '../../adapters/sqlite/open-database.js';
import { tryOpenScanStoreForRead } from '../../adapters/sqlite/store.js';
import { createTempTree } from '../../adapters/testing/temp-tree.js';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import * as kernel from '../../kernel/index.js';
import type { KernelPort } from './kernel-port.js';
import { runScan } from './scan-engine.js';
import type { ScanOptions } from './scan-engine.js';
import { createScanWarmState } from './warm-state.js';

let tree: TempTree;
let analyzed: string[];
const spy: KernelPort = {
  ...kernel,
  analyzeFile: (file, ctx) => {
    analyzed.push(file.path);
    return kernel.analyzeFile(file, ctx);
  },
};

beforeEach(() => {
  tree = createTempTree('sm-engine-');
  analyzed = [];
  tree.write({
    '.claude/agents/reviewer.md':
      '---\nname: reviewer\ndescription: Reviews code\n---\nUse the [deploy skill](../skills/deploy/SKILL.md).\n',
    '.claude/skills/deploy/SKILL.md':
      '---\nname: deploy\ndescription: Deploys\n---\nRun `/release` then read [notes](../../../docs/notes.md).\n',
    '.claude/commands/release.md': '---\ndescription: Release\n---\nShip it.\n',
    'docs/notes.md': '# Notes\nSee [missing](missing.md).\n',
    'README.md': '# Project\n',
  });
});
afterEach(() => tree.remove());

/** Trust every mtime (files in tests are written moments before the scan). */
const scan = (extra: Partial<ScanOptions> = {}) =>
  runScan({ projectRoot: tree.root, kernel: spy, racyWindowMs: -60_000, ...extra });

describe('runScan: first and repeated scans', () => {
  it('scans, persists and returns the graph with timings', async () => {
    const out = await scan();
    expect(out.lens.provider).toBe('claude');
    expect(out.result.nodes.map((n) => [n.path, n.kind])).toEqual([
      ['.claude/agents/reviewer.md', 'agent'],
      ['.claude/commands/release.md', 'command'],
      ['.claude/skills/deploy/SKILL.md', 'skill'],
      ['README.md', 'markdown'],
      ['docs/notes.md', 'markdown'],
    ]);
    expect(out.files).toEqual({ accepted: 5, analyzed: 5, reusedByStat: 0, reusedByHash: 0 });
    expect(out.persisted?.nodes.inserted).toBe(5);
    expect(
      out.result.issues.some(
        (i) => i.analyzerId === 'reference-broken' && i.data?.target === 'docs/missing.md',
      ),
    ).toBe(true);
    expect(out.timings.total).toBeGreaterThan(0);
    const store = tryOpenScanStoreForRead(defaultDbPath(tree.root));
    expect(store?.loadScan().nodes).toEqual(out.result.nodes);
    expect(store?.loadScan().links).toEqual(out.result.links);
    store?.close();
  });

  it('reuses every cached record without reading on a no-change rescan, and writes no row', async () => {
    await scan();
    analyzed = [];
    const reads: string[] = [];
    const fs = {
      ...NODE_FS,
      readFile: (p: string, max: number) => {
        if (p.endsWith('.md')) reads.push(p);
        return NODE_FS.readFile(p, max);
      },
    };
    const out = await scan({ fs });
    expect(out.files).toEqual({ accepted: 5, analyzed: 0, reusedByStat: 5, reusedByHash: 0 });
    expect(analyzed).toEqual([]);
    expect(reads).toEqual([]);
    expect([out.persisted?.nodes, out.persisted?.links, out.persisted?.issues]).toEqual([
      { inserted: 0, updated: 0, deleted: 0 },
      { inserted: 0, updated: 0, deleted: 0 },
      { inserted: 0, updated: 0, deleted: 0 },
    ]);
  });

  it('re-analyses only the edited file and persists only what changed', async () => {
    await scan();
    analyzed = [];
    writeFileSync(tree.abs('README.md'), '# Project\nNow with more words.\n');
    const out = await scan({ mode: 'changed' });
    expect(analyzed).toEqual(['README.md']);
    expect(out.files).toMatchObject({ analyzed: 1, reusedByStat: 4 });
    expect(out.persisted?.nodes).toEqual({ inserted: 0, updated: 1, deleted: 0 });
    expect(out.persisted?.links).toEqual({ inserted: 0, updated: 0, deleted: 0 });
  });

  it('reuses the record on an equal content hash when only the mtime moved (touch)', async () => {
    await scan();
    analyzed = [];
    utimesSync(tree.abs('README.md'), new Date(), new Date(Date.now() + 5000));
    const out = await scan();
    expect(out.files).toMatchObject({ analyzed: 0, reusedByHash: 1, reusedByStat: 4 });
    expect(analyzed).toEqual([]);
    expect(out.persisted?.nodes.updated).toBe(1);
  });

  it('re-hashes a file whose mtime was too recent to trust, without re-analysing it', async () => {
    await runScan({ projectRoot: tree.root, kernel: spy });
    analyzed = [];
    const out = await runScan({ projectRoot: tree.root, kernel: spy });
    expect(out.files.reusedByStat).toBe(0);
    expect(out.files.reusedByHash).toBe(5);
    expect(analyzed).toEqual([]);
  });

  it('re-analyses everything in full mode', async () => {
    await scan();
    analyzed = [];
    const out = await scan({ mode: 'full' });
    expect(out.files.analyzed).toBe(5);
    expect(analyzed).toHaveLength(5);
    expect(out.persisted?.nodes).toEqual({ inserted: 0, updated: 0, deleted: 0 });
  });

  it('drops deleted files from the graph and the cache', async () => {
    await scan();
    unlinkSync(tree.abs('README.md'));
    const out = await scan();
    expect(out.persisted?.nodes.deleted).toBe(1);
    const store = tryOpenScanStoreForRead(defaultDbPath(tree.root));
    expect([...(store?.loadFileCache().keys() ?? [])]).not.toContain('README.md');
    store?.close();
  });
});

describe('runScan: warm state', () => {
  it('keeps records and the persist index in memory between scans', async () => {
    const warm = createScanWarmState(defaultDbPath(tree.root));
    await scan({ warm });
    expect(warm.files?.size).toBe(5);
    expect(warm.persistIndex?.nodes.size).toBe(5);
    // The records come from memory, not from the database: with the stored cache emptied, a scan that read it
    // would analyse every file again.
    const db = new Database(defaultDbPath(tree.root));
    db.exec('DELETE FROM scan_file_cache');
    db.close();
    analyzed = [];
    writeFileSync(tree.abs('docs/notes.md'), '# Notes\nSee [readme](../README.md).\n');
    const out = await scan({ warm });
    expect(analyzed).toEqual(['docs/notes.md']);
    expect(out.persisted?.links).toEqual({ inserted: 1, updated: 0, deleted: 1 });
    expect(out.result.issues.some((i) => i.data?.target === 'docs/missing.md')).toBe(false);
  });
});

describe('runScan: watcher hints', () => {
  it('re-stats only the changed paths when a warm walk exists, and falls back otherwise', async () => {
    const warm = createScanWarmState(defaultDbPath(tree.root));
    const first = await scan({ warm, changedPaths: ['README.md'] });
    expect(first.walkMode).toBe('full');
    analyzed = [];
    writeFileSync(tree.abs('README.md'), '# Project\nEdited through the watcher.\n');
    tree.write({ 'docs/extra.md': '# Extra\n' });
    const out = await scan({ warm, changedPaths: ['README.md', 'docs/extra.md'] });
    expect(out.walkMode).toBe('refreshed');
    expect(analyzed.sort()).toEqual(['README.md', 'docs/extra.md']);
    expect(out.result.nodes.map((n) => n.path)).toContain('docs/extra.md');
    const fallback = await scan({ warm, changedPaths: ['docs'] });
    expect(fallback.walkMode).toBe('full');
  });

  it('decides the lens again only when the paths or the settings changed', async () => {
    let detections = 0;
    const counting: KernelPort = {
      ...spy,
      detectLens: (paths, settings) => {
        detections++;
        return spy.detectLens(paths, settings);
      },
    };
    const warm = createScanWarmState(defaultDbPath(tree.root));
    await scan({ warm, kernel: counting });
    writeFileSync(tree.abs('README.md'), '# Project\nAn edit.\n');
    const edited = await scan({ warm, kernel: counting, changedPaths: ['README.md'] });
    expect(edited.walkMode).toBe('refreshed');
    expect(detections).toBe(1);
    tree.write({ 'AGENTS.md': '# Agents\n' });
    const added = await scan({ warm, kernel: counting, changedPaths: ['AGENTS.md'] });
    expect(detections).toBe(2);
    expect(added.walkMode).toBe('refreshed');
    const config = loadConfig({ projectRoot: tree.root, overrides: { 'scan.roots': ['./docs/'] } });
    await scan({ warm, kernel: counting, config, changedPaths: ['README.md'] });
    expect(detections).toBe(3);
  });
});

describe('runScan: carry-over, limits and postures', () => {
  it('carries state rows over a rename (same body)', async () => {
    await scan();
    const h = openDatabase({ path: defaultDbPath(tree.root), posture: 'write' });
    h.db
      .prepare(`INSERT INTO state_node_favorites (node_path, created_at) VALUES ('docs/notes.md', 0)`)
      .run();
    h.close();
    tree.write({ 'docs/renamed.md': '# Notes\nSee [missing](missing.md).\n' });
    unlinkSync(tree.abs('docs/notes.md'));
    const out = await scan();
    expect(out.persisted?.renames).toEqual([
      { from: 'docs/notes.md', to: 'docs/renamed.md', confidence: 'high' },
    ]);
    const db = new Database(defaultDbPath(tree.root), { readonly: true });
    expect(db.prepare(`SELECT node_path FROM state_node_favorites`).pluck().all()).toEqual([
      'docs/renamed.md',
    ]);
    db.close();
  });

  it('is loud about truncation: flag, ceiling, count, issue and warning', async () => {
    const config = loadConfig({ projectRoot: tree.root, overrides: { 'scan.maxScan': 2 } });
    const out = await scan({ config });
    expect(out.truncation).toEqual({ scanTruncated: true, scanCeiling: 2, filesNotScanned: 3 });
    expect(out.result).toMatchObject({ scanTruncated: true, scanCeiling: 2 });
    expect(out.result.stats.filesNotScanned).toBe(3);
    expect(out.result.issues.map((i) => i.analyzerId)).toContain('scan-truncated');
    expect(out.warnings[0]).toMatch(/scan truncated/);
    expect(tryOpenScanStoreForRead(defaultDbPath(tree.root))?.readMeta()).toMatchObject({
      filesNotScanned: 3,
    });
  });

  it('completes when a file vanishes between walk and read', async () => {
    const fs = {
      ...NODE_FS,
      readFile: (p: string, max: number) => {
        if (p.endsWith('README.md')) unlinkSync(p);
        return NODE_FS.readFile(p, max);
      },
    };
    const out = await scan({ fs });
    expect(out.skipped).toEqual([{ path: 'README.md', reason: 'vanished', errorCode: 'ENOENT' }]);
    expect(out.result.nodes).toHaveLength(4);
    expect(out.result.stats.filesSkipped).toBe(1);
  });

  it('refuses to write a database from a newer schema', async () => {
    await scan();
    const db = new Database(defaultDbPath(tree.root));
    db.pragma('user_version = 9');
    db.close();
    await expect(scan()).rejects.toMatchObject({
      code: 'DB_SCHEMA_NEWER',
      message: expect.stringContaining('newer skill-map'),
    });
  });

  it('only reads candidates under the configured scan.roots', async () => {
    const config = loadConfig({ projectRoot: tree.root, overrides: { 'scan.roots': ['./docs/'] } });
    const out = await scan({ config, persist: false });
    expect(out.result.nodes.map((n) => n.path)).toEqual(['docs/notes.md']);
  });

  it('appends one ops-log line per persisted scan', async () => {
    const log = createOpsLog({ projectRoot: tree.root, now: () => new Date(0) });
    await scan({ opsLog: { log, channel: 'watcher' } });
    await log.flush();
    expect(readFileSync(log.path, 'utf8')).toMatch(
      /^\{"at":"1970-01-01T00:00:00.000Z","op":"scan","target":"\*","channel":"watcher","outcome":"ok","detail":"mode=incremental nodes=5 links=\d+ issues=\d+"\}\n$/,
    );
  });

  it('writes nothing for an in-memory scan', async () => {
    const out = await scan({ persist: false });
    expect(out.persisted).toBeNull();
    expect(out.result.nodes).toHaveLength(5);
    expect(tryOpenScanStoreForRead(defaultDbPath(tree.root))).toBeNull();
  });

  it('reports per-file progress', async () => {
    const events: string[] = [];
    await scan({
      onProgress: (e) => events.push(`${e.index}/${e.total} ${e.path} ${e.kind ?? '-'} ${e.cached}`),
    });
    expect(events).toEqual([
      '0/5 .claude/agents/reviewer.md agent false',
      '1/5 .claude/commands/release.md command false',
      '2/5 .claude/skills/deploy/SKILL.md skill false',
      '3/5 README.md markdown false',
      '4/5 docs/notes.md markdown false',
    ]);
  });
});

describe('runScan: a file whose analysis throws', () => {
  it('an exception from the kernel port for one file becomes one analysis-failed issue; the scan persists the rest', async () => {
    const throwing: KernelPort = {
      ...kernel,
      analyzeFile: (file, ctx) => {
        if (file.path === 'docs/notes.md') throw new Error('extractor exploded');
        return kernel.analyzeFile(file, ctx);
      },
    };
    const out = await scan({ kernel: throwing });
    const mine = out.result.issues.filter((i) => i.nodeIds.includes('docs/notes.md'));
    expect(mine.map((i) => [i.analyzerId, i.message])).toEqual([
      [
        'analysis-failed',
        "'docs/notes.md' could not be analysed (Error: extractor exploded); it is left out of the map",
      ],
    ]);
    expect(out.result.nodes.map((n) => n.path)).not.toContain('docs/notes.md');
    expect(out.result.nodes).toHaveLength(4);
    expect(out.persisted?.nodes.inserted).toBe(4);
  });
});
