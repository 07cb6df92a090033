import { createHash } from 'node:crypto';
import { loadConfig } from '../adapters/config/layered-config.js';
import type { LoadedConfig } from '../adapters/config/layered-config.js';
import { AdapterError, isAdapterError } from '../adapters/errors.js';
import { NODE_FS } from '../adapters/fs/fs-port.js';
import type { SkippedEntry, WalkResult } from '../adapters/fs/walk-types.js';
import { defaultDbPath } from '../adapters/sqlite/open-database.js';
import type { RowInputs } from '../adapters/sqlite/fingerprints.js';
import type { PersistReport } from '../adapters/sqlite/scan-writer.js';
import type { ScanStore } from '../adapters/sqlite/store.js';
import type { ScanOptions, ScanOutcome, ScanTimings } from './scan-types.js';
import { lendStore } from './warm-store.js';
import { lensFor, walkPhase } from './walk-phase.js';
import type { ScanResult } from '../adapters/domain.js';
import * as kernel from '../kernel/index.js';
import type { GraphContext } from '../kernel/index.js';
import type { LensDecision, ScannedByLike } from './kernel-port.js';
import type { KernelPort } from './kernel-port.js';
import { runFilePass, sha256 } from './file-pass.js';
import type { FilePassInput, FilePassOutput } from './file-pass.js';
import { rowInputsFor } from './row-inputs.js';
import { scanConfigFrom } from './scan-settings.js';
import type { ScanConfigView } from './scan-settings.js';
import { loadCachedFiles } from './cache-rows.js';
import type { CachedFile, ScanWarmState } from './warm-state.js';

export type { ScanMode, ScanOptions, ScanOutcome, ScanTimings } from './scan-types.js';

/**
 * The engine's row inputs plus the record token (the cache entry object, which the file pass keeps as is while a
 * file's record is unchanged) and the graph digest when the records came from the store's cache.
 */
function withGraph(
  inputs: RowInputs,
  files: ReadonlyMap<string, CachedFile>,
  graph: RowInputs['graph'],
): RowInputs {
  return {
    salt: inputs.salt,
    ...(graph ? { graph } : {}),
    token: (path) => files.get(path),
    identity: (path) => inputs.identity(path),
    record: (path) => inputs.record(path),
  };
}

/** What nodes and links are a function of besides the records: walked paths, scan roots, lens, settings (via the salt). */
function graphDigest(
  salt: string,
  cacheKey: string,
  lens: LensDecision,
  view: ScanConfigView,
  walk: WalkResult,
): string {
  return createHash('sha1')
    .update(
      `${salt}\0${cacheKey}\0${JSON.stringify(lens)}\0${JSON.stringify(view.settings.roots ?? ['.'])}\0`,
    )
    .update(walk.allPaths.join('\n'))
    .digest('base64');
}

function previousFiles(opts: ScanOptions, store: ScanStore | null): Map<string, CachedFile> {
  if (opts.warm?.files) return opts.warm.files;
  if (store === null || opts.mode === 'full') return new Map();
  return loadCachedFiles(store);
}

interface GraphInput {
  readonly k: KernelPort;
  readonly view: ScanConfigView;
  readonly walk: WalkResult;
  readonly pass: FilePassOutput;
  readonly lens: LensDecision;
  readonly skipped: SkippedEntry[];
  readonly scannedAt: number;
  readonly durationMs: number;
  readonly scannedBy: ScannedByLike | undefined;
}

/**
 * The graph stage. With a warm state the kernel's incremental build runs against the previous scan's graph state:
 * when only a few node records changed without touching anything other records resolve against, it re-resolves
 * just their links and shares every unchanged node and link object with the previous result (which the warm
 * persist then skips by identity); otherwise it is a full build.
 */
function graphPhase(g: GraphInput, warm: ScanWarmState | undefined): ScanResult {
  const { walk, view } = g;
  const oversized = g.skipped
    .filter((s) => s.reason === 'oversized')
    .map((s) => ({ path: s.path, bytes: s.bytes ?? 0 }));
  const ctx: GraphContext = {
    lens: g.lens,
    settings: view.settings,
    roots: view.settings.roots ?? ['.'],
    existingPaths: new Set(walk.allPaths),
    scannedAt: g.scannedAt,
    durationMs: Math.round(g.durationMs),
    filesWalked: walk.filesWalked,
    filesSkipped: walk.filesSkipped + g.pass.skipped.length,
    oversizedFiles: oversized,
    scanCeiling: view.maxScan,
    scanTruncated: walk.truncation.scanTruncated,
    maxRenderNodes: view.maxRenderNodes,
    ...(g.scannedBy ? { scannedBy: g.scannedBy } : {}),
    ...(view.tokenizer ? { tokenizer: view.tokenizer } : {}),
  };
  let built: ScanResult;
  const incremental = g.k.buildGraphIncremental;
  if (warm !== undefined && incremental !== undefined) {
    // The previous state is consumed: drop it first, so a failed build leaves none behind.
    const previous = warm.graph;
    warm.graph = null;
    const next = incremental(g.pass.records, ctx, previous);
    warm.graph = next.state;
    built = next.result;
  } else {
    built = g.k.buildGraph(g.pass.records, ctx);
  }
  // A fresh stats object: an incremental result must not write into anything it shares with the previous one.
  built.stats = { ...built.stats, filesNotScanned: walk.truncation.filesNotScanned };
  return built;
}

function persistPhase(
  opts: ScanOptions,
  store: ScanStore,
  built: ScanResult,
  walk: WalkResult,
  pass: FilePassOutput,
  inputs: RowInputs,
): PersistReport {
  const report = store.persistScan(built, {
    ...(opts.warm?.persistIndex ? { index: opts.warm.persistIndex } : {}),
    ...(opts.rowFingerprints === false ? {} : { inputs }),
    keepIndex: opts.warm !== undefined,
    extras: { filesNotScanned: walk.truncation.filesNotScanned },
    cache: { upserts: pass.upserts, deletes: pass.deletes },
    clearCache: opts.mode === 'full',
  });
  if (opts.warm) opts.warm.persistIndex = report.index;
  const s = report.result.stats;
  const detail = `mode=${opts.mode ?? 'incremental'} nodes=${s.nodesCount} links=${s.linksCount} issues=${s.issuesCount}`;
  opts.opsLog?.log.append({ op: 'scan', target: '*', channel: opts.opsLog.channel, outcome: 'ok', detail });
  return report;
}

function execute(
  opts: ScanOptions,
  config: LoadedConfig,
  store: ScanStore | null,
  t: ScanTimings,
  t0: number,
): ScanOutcome {
  const k = opts.kernel ?? kernel;
  const fs = opts.fs ?? NODE_FS;
  const view = scanConfigFrom(config);
  let mark = performance.now();
  const cacheFromStore = store !== null && !opts.warm?.files;
  const previous = previousFiles(opts, store);
  t.cacheLoad = performance.now() - mark;
  mark = performance.now();
  const scannedAt = (opts.now ?? Date.now)();
  const { walk, refreshed } = walkPhase(opts, k, fs, view);
  const lens = lensFor(opts.warm, k, walk, view);
  const ctx = k.createFileContext(lens, view.settings, { hash: sha256 });
  t.walk = performance.now() - mark;
  mark = performance.now();
  const passInput: FilePassInput = {
    files: walk.files,
    fs,
    maxFileSizeBytes: view.maxFileSizeBytes,
    ctx,
    analyze: k.analyzeFile,
    previous,
    full: opts.mode === 'full',
    racyFromMs: scannedAt - (opts.racyWindowMs ?? 1000),
    ...(opts.onProgress ? { onFile: opts.onProgress } : {}),
  };
  const pass = runFilePass(passInput);
  t.files = performance.now() - mark;
  mark = performance.now();
  const skipped = [...walk.skipped, ...pass.skipped];
  const built = graphPhase(
    { k, view, walk, pass, lens, skipped, scannedAt, durationMs: mark - t0, scannedBy: opts.scannedBy },
    opts.warm,
  );
  t.graph = performance.now() - mark;
  mark = performance.now();
  let report: PersistReport | null = null;
  if (opts.persist !== false && store !== null) {
    const inputs = rowInputsFor(
      pass.next,
      lens,
      view.settings,
      opts.scannedBy ? `${opts.scannedBy.name}@${opts.scannedBy.version}` : '',
    );
    const graph = cacheFromStore
      ? {
          digest: graphDigest(inputs.salt, ctx.cacheKey, lens, view, walk),
          recordsUnchanged: pass.upserts.length === 0 && pass.deletes.length === 0 && opts.mode !== 'full',
        }
      : undefined;
    report = persistPhase(opts, store, built, walk, pass, withGraph(inputs, pass.next, graph));
  }
  if (opts.warm && (report !== null || opts.warm.files === null)) opts.warm.files = pass.next;
  t.persist = performance.now() - mark;
  t.total = performance.now() - t0;
  const result = report?.result ?? built;
  result.stats.durationMs = Math.round(t.total);
  return {
    result,
    lens,
    truncation: walk.truncation,
    skipped,
    files: { accepted: pass.records.length, ...pass.counts },
    walkMode: refreshed ? 'refreshed' : 'full',
    persisted: report && {
      nodes: report.nodes,
      links: report.links,
      issues: report.issues,
      renames: report.renames,
    },
    warnings: [
      ...walk.warnings,
      ...config.warnings,
      ...lens.warnings,
      ...(store?.advisory ? [store.advisory.message] : []),
    ],
    timings: t,
  };
}

/**
 * Scans a project and persists the result: walk → per-file decision (stat cache, content hash, or
 * `analyzeFile`) → `buildGraph` over every record → diff persist (scan rows + per-file cache in one
 * transaction) → ScanResult and timings. Database drift refuses (`DB_SCHEMA_NEWER`, `DB_SCHEMA_DRIFT`)
 * unless `onDrift: 'rebuild'`; any other failure surfaces as a typed `AdapterError`.
 */
export async function runScan(opts: ScanOptions): Promise<ScanOutcome> {
  const t0 = performance.now();
  const t: ScanTimings = { open: 0, cacheLoad: 0, walk: 0, files: 0, graph: 0, persist: 0, total: 0 };
  const config = opts.config ?? loadConfig({ projectRoot: opts.projectRoot });
  const dbPath = opts.dbPath ?? opts.warm?.dbPath ?? defaultDbPath(opts.projectRoot);
  const lent = lendStore(opts, dbPath);
  const store = lent.store;
  t.open = performance.now() - t0;
  let failed = true;
  try {
    const outcome = await Promise.resolve(execute(opts, config, store, t, t0));
    failed = false;
    return outcome;
  } catch (err) {
    if (isAdapterError(err)) throw err;
    throw new AdapterError('SCAN_FAILED', `scan of ${opts.projectRoot} failed: ${(err as Error).message}`, {
      cause: err,
    });
  } finally {
    lent.release(failed);
  }
}
