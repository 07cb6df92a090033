// A scan in a new process when only a few files changed: instead of loading every cached record and building the
// whole graph, re-analyse the changed files, re-resolve them against the stored resolution index and patch the rows
// in place. Any doubt (another context, paths added or removed, a change to what other files resolve against,
// sidecars, another writer) returns null and the caller runs the full scan with the walk it already has.
import type { FsPort } from '../../adapters/fs/fs-port.js';
import type { WalkResult, WalkedFile } from '../../adapters/fs/walk-types.js';
import type { ScanStore } from '../../adapters/sqlite/store.js';
import type { PatchBase } from '../../adapters/sqlite/persist-patch.js';
import { composeResult, isResolutionIndex } from '../../kernel/index.js';
import type { FileContext, GraphContext, RecordChange } from '../../kernel/index.js';
import type { ScanResult } from '../../adapters/domain.js';
import { parseCachedRecord } from './cache-rows.js';
import { runFilePass } from './file-pass.js';
import { graphContextOf, graphDigest } from './graph-inputs.js';
import type { KernelPort, LensDecision } from './kernel-port.js';
import { rowInputsFor, scanBuild } from './row-inputs.js';
import type { ScanConfigView } from './scan-settings.js';
import type { ScanOptions, ScanTimings } from './scan-types.js';
import type { CachedFile } from './warm-state.js';

/** Past this many changed files a full scan is about as fast, and the patch's bookkeeping is not worth it. */
export const MAX_PATCHED_FILES = 64;

/** True when a scan may try the in-place patch: a new process persisting an incremental scan, summary only. */
export function mayPatchInPlace(
  opts: ScanOptions,
  store: ScanStore | null,
  k: KernelPort,
): store is ScanStore {
  return (
    store !== null &&
    opts.summaryOnly === true &&
    opts.warm === undefined &&
    opts.persist !== false &&
    opts.mode !== 'full' &&
    opts.rowFingerprints !== false &&
    k.patchRecords !== undefined
  );
}

export interface PatchInput {
  readonly opts: ScanOptions;
  readonly store: ScanStore;
  readonly base: PatchBase;
  readonly k: KernelPort;
  readonly fs: FsPort;
  readonly view: ScanConfigView;
  readonly walk: WalkResult;
  readonly lens: LensDecision;
  readonly ctx: FileContext;
  readonly scannedAt: number;
  readonly t: ScanTimings;
  readonly t0: number;
}

/** What the patch did, for the scan outcome. */
export interface PatchOutcome {
  readonly report: NonNullable<ReturnType<ScanStore['persistPatch']>>;
  readonly files: { accepted: number; analyzed: number; reusedByStat: number; reusedByHash: number };
}

/** The walked files whose stat differs from their cache row; null when the cached file set is not the walk's. */
function changedFiles(store: ScanStore, walk: WalkResult): WalkedFile[] | null {
  const stats = store.fileCacheStats();
  if (stats.size !== walk.files.length) return null;
  const changed: WalkedFile[] = [];
  for (const f of walk.files) {
    const s = stats.get(f.path);
    if (s === undefined) return null;
    if (s.mtimeMs === -1 || s.size !== f.size || s.mtimeMs !== f.mtimeMs) {
      changed.push(f);
      if (changed.length > MAX_PATCHED_FILES) return null;
    }
  }
  return changed;
}

/** Their cached entries (records parsed from the cache rows); null if one is missing or unreadable. */
function previousOf(p: PatchInput, files: readonly WalkedFile[]): Map<string, CachedFile> | null {
  const out = new Map<string, CachedFile>();
  for (const f of files) {
    const json = p.store.fileRecordJson(f.path);
    const record = json === undefined ? null : parseCachedRecord(json);
    if (record === null || record.cacheKey !== p.ctx.cacheKey) return null;
    // Size -1: never reused by stat, so the file is read and compared by content hash.
    out.set(f.path, { size: -1, mtimeMs: -1, record });
  }
  return out;
}

/** This scan's result around no graph (its echo fields and walk facts); the store fills the counts in. */
function metaOf(
  ctx: GraphContext,
  walk: WalkResult,
  durationMs: number,
): Omit<ScanResult, 'nodes' | 'links' | 'issues'> {
  const {
    nodes: _n,
    links: _l,
    issues: _i,
    ...meta
  } = composeResult({ ...ctx, durationMs: Math.round(durationMs) }, walk.files.length, [], [], [], 0);
  return { ...meta, stats: { ...meta.stats, filesNotScanned: walk.truncation.filesNotScanned } };
}

/** Patches the stored scan in place, or returns null (nothing written) for the caller to run the full scan. */
export function patchInPlace(p: PatchInput): PatchOutcome | null {
  const { opts, store, base, k, view, walk, lens, ctx } = p;
  if (!base.indexCurrent || k.patchRecords === undefined) return null;
  const build = scanBuild(opts.scannedBy);
  const salt = rowInputsFor(new Map(), lens, view.settings, build).salt;
  if (salt !== base.salt || graphDigest(salt, ctx.cacheKey, lens, view, walk) !== base.graphDigest)
    return null;
  const changed = changedFiles(store, walk);
  if (changed === null) return null;
  const previous = previousOf(p, changed);
  if (previous === null) return null;
  let mark = performance.now();
  const pass = runFilePass({
    files: changed,
    fs: p.fs,
    maxFileSizeBytes: view.maxFileSizeBytes,
    ctx,
    analyze: k.analyzeFile,
    previous,
    full: false,
    racyFromMs: p.scannedAt - (opts.racyWindowMs ?? 1000),
    ...(opts.onProgress ? { onFile: opts.onProgress } : {}),
  });
  p.t.files = performance.now() - mark;
  if (pass.skipped.length > 0 || pass.records.length !== changed.length) return null;
  mark = performance.now();
  const indexJson = store.resolutionIndex(base.generation);
  if (indexJson === undefined) return null;
  let index: unknown;
  try {
    index = JSON.parse(indexJson);
  } catch {
    return null;
  }
  if (!isResolutionIndex(index)) return null;
  const changes: RecordChange[] = pass.records.map((next) => ({
    prev: (previous.get(next.path) as CachedFile).record,
    next,
  }));
  const graphCtx = graphContextOf({
    view,
    walk,
    lens,
    skipped: walk.skipped,
    readSkipped: 0,
    scannedAt: p.scannedAt,
    durationMs: mark - p.t0,
    scannedBy: opts.scannedBy,
  });
  const patch = k.patchRecords(index, changes, graphCtx);
  p.t.graph = performance.now() - mark;
  if (patch === null) return null;
  mark = performance.now();
  const report = store.persistPatch({
    generation: base.generation,
    files: changes.map((c) => ({ path: c.next.path, previousOwnIssues: c.prev.issues ?? [] })),
    nodes: patch.nodes,
    links: patch.links,
    issues: patch.issues,
    inputs: rowInputsFor(pass.next, lens, view.settings, build),
    meta: metaOf(graphCtx, walk, performance.now() - p.t0),
    extras: { filesNotScanned: walk.truncation.filesNotScanned },
    cache: { upserts: pass.upserts, deletes: [] },
  });
  p.t.persist = performance.now() - mark;
  if (report === null) return null;
  return {
    report,
    files: {
      accepted: walk.files.length,
      analyzed: pass.counts.analyzed,
      reusedByStat: walk.files.length - changed.length,
      reusedByHash: pass.counts.reusedByHash,
    },
  };
}
