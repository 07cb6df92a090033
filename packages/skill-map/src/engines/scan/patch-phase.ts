// A scan in a new process when only a few files changed: instead of loading every cached record and building the
// whole graph, re-analyse the changed files, re-resolve them against the stored resolution index and patch the rows
// in place. Any doubt (another context, paths added or removed, a change to what other files resolve against,
// sidecars, another writer) returns null and the caller runs the full scan with the walk it already has.
import type { FsPort } from '../../adapters/fs/fs-port.js';
import type { WalkResult, WalkedFile } from '../../adapters/fs/walk-types.js';
import type { ScanStore } from '../../adapters/sqlite/store.js';
import type { PatchBase, PatchReport } from '../../adapters/sqlite/persist-patch.js';
import { composeResult, EMPTY_PATCH, isPatchRefusal, isResolutionIndex } from '../../kernel/index.js';
import type {
  FileContext,
  GraphContext,
  PatchLookup,
  RecordChange,
  ResolutionIndex,
} from '../../kernel/index.js';
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

/**
 * Null when a scan may try the in-place patch (a new process persisting an incremental scan, summary only), else
 * why it may not, as the phrase after "full build because".
 */
export function whyNoPatch(opts: ScanOptions, store: ScanStore | null, k: KernelPort): string | null {
  if (store === null) return 'there is no database';
  if (opts.mode === 'full') return 'a full scan was asked for';
  if (opts.persist === false) return 'the scan is not persisted';
  if (opts.warm !== undefined) return 'a long-running process keeps its own graph';
  if (opts.summaryOnly !== true) return 'the whole result was asked for';
  if (opts.rowFingerprints === false) return 'row fingerprints are off';
  if (k.patchRecords === undefined) return 'the kernel has no record patch';
  return null;
}

/** The reason a stored scan cannot be patched before anything is read, or null when it may be. */
export function whyNoBase(base: PatchBase | null): string | null {
  if (base === null) return 'there is no stored scan yet';
  if (!base.indexCurrent) return 'the stored scan has no current resolution index';
  return null;
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
  readonly report: PatchReport;
  readonly files: { accepted: number; analyzed: number; reusedByStat: number; reusedByHash: number };
  /** The whole-graph checks the patch re-ran, and why (`ScanOutcome.rechecked`). */
  readonly rechecked?: { readonly analyzers: readonly string[]; readonly reason: string };
}

/** The walked files whose stat differs from their cache row; the reason when the cached file set is not the walk's. */
function changedFiles(store: ScanStore, walk: WalkResult): WalkedFile[] | string {
  const stats = store.fileCacheStats();
  if (stats.size === 0 && walk.files.length > 0)
    return 'the per-file cache is empty (a schema upgrade emptied it, or it was never written)';
  if (stats.size > walk.files.length) return 'files were removed';
  if (stats.size < walk.files.length) return 'files were added';
  const changed: WalkedFile[] = [];
  for (const f of walk.files) {
    const s = stats.get(f.path);
    if (s === undefined) return `'${f.path}' is new (files were added or renamed)`;
    if (s[2] === -1 || s[1] !== f.size || s[2] !== f.mtimeMs) {
      changed.push(f);
      if (changed.length > MAX_PATCHED_FILES) return `more than ${MAX_PATCHED_FILES} files changed`;
    }
  }
  return changed;
}

/** Their cached entries (records parsed from the cache rows); the reason if one is missing or unreadable. */
function previousOf(p: PatchInput, files: readonly WalkedFile[]): Map<string, CachedFile> | string {
  const out = new Map<string, CachedFile>();
  for (const f of files) {
    const json = p.store.fileRecordJson(f.path);
    const record = json === undefined ? null : parseCachedRecord(json);
    if (record === null) return `the cached record of '${f.path}' is missing or unreadable`;
    if (record.cacheKey !== p.ctx.cacheKey)
      return `the cached record of '${f.path}' is from another analysis`;
    // Size -1: never reused by stat, so the file is read and compared by content hash.
    out.set(f.path, { size: -1, mtimeMs: -1, record });
  }
  return out;
}

/** What the record patch reads of the stored scan beyond its index: stored nodes, cached records, link sources. */
function lookupOf(store: ScanStore, cacheKey: string): PatchLookup {
  return {
    node: (path) => store.nodesByPaths([path])[0],
    record: (path) => {
      const json = store.fileRecordJson(path);
      const record = json === undefined ? null : parseCachedRecord(json);
      return record === null || record.cacheKey !== cacheKey ? undefined : record;
    },
    linkSources: (target) => store.linkSourcesTo(target),
    recordsMentioning: (needles) => store.cachedPathsMentioning(needles),
    wholeGraph: (want) => store.wholeGraphRows(want),
  };
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

/**
 * Patches the stored scan in place, or returns why not (nothing written) for the caller to run the full scan; the
 * reason is the phrase after "full build because".
 */
export function patchInPlace(p: PatchInput): PatchOutcome | string {
  const { opts, store, base, k, view, walk, lens, ctx } = p;
  const noBase = whyNoBase(base);
  if (noBase !== null) return noBase;
  if (k.patchRecords === undefined) return 'the kernel has no record patch';
  const build = scanBuild(opts.scannedBy);
  const salt = rowInputsFor(new Map(), lens, view.settings, build).salt;
  if (salt !== base.salt) return 'the settings or the skill-map build changed since the last scan';
  const changed = changedFiles(store, walk);
  if (typeof changed === 'string') return changed;
  if (graphDigest(salt, ctx.cacheKey, lens, view, walk) !== base.graphDigest)
    return 'the hosts, the scan roots or the set of walked paths changed since the last scan';
  const previous = previousOf(p, changed);
  if (typeof previous === 'string') return previous;
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
  if (pass.skipped.length > 0) return `'${pass.skipped[0]!.path}' could not be read`;
  if (pass.records.length !== changed.length) return 'a changed file has no record';
  mark = performance.now();
  const changes: RecordChange[] = pass.records.map((next) => ({
    prev: (previous.get(next.path) as CachedFile).record,
    next,
  }));
  // Nothing changed: the stored graph stands as it is (the record patch of no change is empty), so the index is not
  // even parsed; the persist re-stamps the scan.
  let index: unknown = null;
  if (changes.length > 0) {
    const indexJson = store.resolutionIndex(base.generation);
    if (indexJson === undefined) return 'the stored resolution index is gone';
    try {
      index = JSON.parse(indexJson);
    } catch {
      return 'the stored resolution index does not parse';
    }
    if (!isResolutionIndex(index)) return 'the stored resolution index has another shape';
  }
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
  const patch =
    index === null
      ? { ...EMPTY_PATCH, nodes: [], links: [], issues: [] }
      : k.patchRecords(index as ResolutionIndex, changes, graphCtx, lookupOf(store, ctx.cacheKey));
  p.t.graph = performance.now() - mark;
  if (isPatchRefusal(patch)) return patch.refused;
  mark = performance.now();
  // Unchanged files re-resolved along (they reach a virtual node that appeared or vanished): their rows are rewritten
  // with the fingerprints of their cached records.
  const inputs = new Map(pass.next);
  for (const record of patch.reaching) inputs.set(record.path, { size: -1, mtimeMs: -1, record });
  const report = store.persistPatch({
    generation: base.generation,
    files: [
      ...changes.map((c) => ({ path: c.next.path, previousOwnIssues: c.prev.issues ?? [] })),
      ...patch.reaching.map((r) => ({ path: r.path, previousOwnIssues: r.issues ?? [] })),
    ],
    nodes: patch.nodes,
    links: patch.links,
    issues: patch.issues,
    virtual: patch.virtual,
    staleIssues: patch.staleIssues,
    ...(patch.wholeAnalyzers === undefined ? {} : { wholeAnalyzers: patch.wholeAnalyzers }),
    ...(patch.suppressedDelta === undefined ? {} : { suppressedDelta: patch.suppressedDelta }),
    ...(patch.nodeAnalyzers === undefined ? {} : { nodeAnalyzers: patch.nodeAnalyzers }),
    ...(patch.index === undefined ? {} : { index: JSON.stringify(patch.index) }),
    inputs: rowInputsFor(inputs, lens, view.settings, build),
    meta: metaOf(graphCtx, walk, performance.now() - p.t0),
    extras: { filesNotScanned: walk.truncation.filesNotScanned },
    cache: { upserts: pass.upserts, deletes: [] },
  });
  p.t.persist = performance.now() - mark;
  if ('refused' in report) return report.refused;
  const rechecked = [
    ...new Set([...(patch.wholeAnalyzers ?? []), ...(patch.nodeAnalyzers?.analyzers ?? [])]),
  ];
  return {
    report,
    ...(patch.wholeReason === undefined || rechecked.length === 0
      ? {}
      : { rechecked: { analyzers: rechecked.sort(), reason: patch.wholeReason } }),
    files: {
      accepted: walk.files.length,
      analyzed: pass.counts.analyzed,
      reusedByStat: walk.files.length - changed.length,
      reusedByHash: pass.counts.reusedByHash,
    },
  };
}
