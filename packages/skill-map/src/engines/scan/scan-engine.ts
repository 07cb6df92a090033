import { loadConfig } from '../../adapters/config/layered-config.js';
import type { LoadedConfig } from '../../adapters/config/layered-config.js';
import { AdapterError, isAdapterError } from '../../adapters/errors.js';
import { NODE_FS } from '../../adapters/fs/fs-port.js';
import type { WalkResult } from '../../adapters/fs/walk-types.js';
import { defaultDbPath } from '../../adapters/sqlite/open-database.js';
import type { RowInputs } from '../../adapters/sqlite/fingerprints.js';
import type { IndexWrite, PersistReport } from '../../adapters/sqlite/scan-writer.js';
import type { ScanStore } from '../../adapters/sqlite/store.js';
import type { ScanOptions, ScanOutcome, ScanTimings } from './scan-types.js';
import { lendStore } from './warm-store.js';
import { lensFor, walkPhase } from './walk-phase.js';
import type { ScanResult } from '../../adapters/domain.js';
import { KERNEL } from './kernel-port.js';
import type { KernelPort } from './kernel-port.js';
import { runFilePass, sha256 } from './file-pass.js';
import type { FilePassInput, FilePassOutput } from './file-pass.js';
import { rowInputsFor, scanBuild } from './row-inputs.js';
import { patchInPlace, whyNoBase, whyNoPatch } from './patch-phase.js';
import { patchedOutcome, severityCounts, warningsOf } from './scan-outcome.js';
import { graphContextOf, graphDigest, warmDigest } from './graph-inputs.js';
import type { GraphContextInput } from './graph-inputs.js';
import { scanConfigFrom } from './scan-settings.js';
import { loadPlugins } from '../plugins/load.js';
import { pluginLoadWarnings, takeAnalyzerWarnings } from '../plugins/load-warnings.js';
import { fireHooks, firePerExtensionHooks } from '../hooks/fire.js';
import { neverRunFacts, neverRunWindowDays } from '../activity/never-run.js';
import type { ExtensionRegistry } from '../../kernel/index.js';
import { storeContributions, takeAllContributions } from './contribution-store.js';
import { loadCachedFiles } from './cache-rows.js';
import type { CachedFile, ScanWarmState } from './warm-state.js';

export type { ScanMode, ScanOptions, ScanOutcome, ScanSummary, ScanTimings } from './scan-types.js';

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

function previousFiles(opts: ScanOptions, store: ScanStore | null): Map<string, CachedFile> {
  if (opts.warm?.files) return opts.warm.files;
  if (store === null || opts.mode === 'full') return new Map();
  return loadCachedFiles(store);
}

interface GraphInput extends GraphContextInput {
  readonly k: KernelPort;
  readonly pass: FilePassOutput;
}

/**
 * The graph stage. With a warm state the kernel's incremental build runs against the previous scan's graph state:
 * when only a few node records changed without touching anything other records resolve against, it re-resolves
 * just their links and shares every unchanged node and link object with the previous result (which the warm
 * persist then skips by identity); otherwise it is a full build.
 */
function graphPhase(
  g: GraphInput,
  warm: ScanWarmState | undefined,
  withIndex: boolean,
): { built: ScanResult; index: IndexWrite | undefined; reason: string | null } {
  const { walk } = g;
  const ctx = graphContextOf(g);
  let built: ScanResult;
  let index: IndexWrite | undefined;
  let reason: string | null = null;
  const incremental = g.k.buildGraphIncremental;
  const indexOf = g.k.resolutionIndexOfState;
  if (incremental !== undefined && (warm !== undefined || withIndex)) {
    // The previous state is consumed: drop it first, so a failed build leaves none behind.
    const previous = warm?.graph ?? null;
    if (warm) warm.graph = null;
    const next = incremental(g.pass.records, ctx, previous);
    if (warm) warm.graph = next.state;
    built = next.result;
    if (warm && next.mode === 'full') reason = next.reason ?? null;
    // Kept with the rows, so a new process can patch a few changed files in place (computed only if written).
    if (indexOf !== undefined)
      index = { json: () => JSON.stringify(indexOf(next.state)), unchanged: next.mode === 'patch' };
  } else {
    built = g.k.buildGraph(g.pass.records, ctx);
  }
  // A fresh stats object: an incremental result must not write into anything it shares with the previous one.
  built.stats = { ...built.stats, filesNotScanned: walk.truncation.filesNotScanned };
  return { built, index, reason };
}

/** What the persist stores besides the result. */
interface PersistInput {
  readonly walk: WalkResult;
  readonly pass: FilePassOutput;
  readonly inputs: RowInputs;
  readonly index: IndexWrite | undefined;
  readonly warmGraphDigest: string | undefined;
  readonly cacheGeneration: number | undefined;
}

function persistPhase(
  opts: ScanOptions,
  store: ScanStore,
  built: ScanResult,
  p: PersistInput,
): PersistReport {
  const { walk, pass } = p;
  const report = store.persistScan(built, {
    ...(p.cacheGeneration === undefined ? {} : { cacheGeneration: p.cacheGeneration }),
    ...(p.index === undefined ? {} : { resolutionIndex: p.index }),
    ...(p.warmGraphDigest === undefined ? {} : { warmGraphDigest: p.warmGraphDigest }),
    ...(opts.warm?.persistIndex ? { index: opts.warm.persistIndex } : {}),
    ...(opts.rowFingerprints === false ? {} : { inputs: p.inputs }),
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

/** Why this scan builds the whole graph ("full build because ..."): the first thing that ruled the patch out. */
type FullBuildReason = string | null;

function execute(
  opts: ScanOptions,
  registry: ExtensionRegistry,
  config: LoadedConfig,
  store: ScanStore | null,
  t: ScanTimings,
  t0: number,
  dbPath: string,
): ScanOutcome {
  const k: KernelPort = opts.kernel ?? KERNEL;
  const fs = opts.fs ?? NODE_FS;
  const configView = scanConfigFrom(config);
  // node-never-run's facts from the activity capture (only when it is installed: nothing is read otherwise).
  const neverRun = neverRunFacts(
    opts.projectRoot,
    dbPath,
    neverRunWindowDays((key) => config.get(key)),
    (opts.now ?? Date.now)(),
  );
  const view = {
    ...configView,
    settings: {
      ...configView.settings,
      registry,
      ...(neverRun === null ? {} : { neverRun }),
      ...(opts.inlineSuppressions === false ? { inlineSuppressions: false } : {}),
    },
  };
  let mark = performance.now();
  const cacheFromStore = store !== null && !opts.warm?.files;
  const noPatch = whyNoPatch(opts, store, k);
  const base = noPatch === null && store !== null ? store.patchBase() : null;
  let fullBuild: FullBuildReason = noPatch ?? whyNoBase(base);
  // With a stored resolution index the records are loaded only if the in-place patch does not apply.
  let cacheGeneration = cacheFromStore ? (base?.generation ?? store.generation()) : undefined;
  let previous = base?.indexCurrent === true ? null : previousFiles(opts, store);
  t.cacheLoad = performance.now() - mark;
  mark = performance.now();
  const scannedAt = (opts.now ?? Date.now)();
  const { walk, refreshed } = walkPhase(opts, k, fs, view);
  const lens = lensFor(opts.warm, k, walk, view);
  const ctx = k.createFileContext(lens, view.settings, { hash: sha256 });
  t.walk = performance.now() - mark;
  if (previous === null && base !== null && store !== null) {
    const patched = patchInPlace({ opts, store, base, k, fs, view, walk, lens, ctx, scannedAt, t, t0 });
    if (typeof patched !== 'string') {
      // A patch re-checks part of the graph: the stored contribution data stays as the last full build left it.
      takeAllContributions(registry);
      return patchedOutcome(opts, store, config, walk, lens, patched, t, t0);
    }
    fullBuild = patched;
  }
  if (previous === null) {
    mark = performance.now();
    cacheGeneration = store?.generation();
    previous = previousFiles(opts, store);
    t.cacheLoad += performance.now() - mark;
  }
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
  const { built, index, reason } = graphPhase(
    {
      k,
      view,
      walk,
      pass,
      lens,
      skipped,
      readSkipped: pass.skipped.length,
      scannedAt,
      durationMs: mark - t0,
      scannedBy: opts.scannedBy,
    },
    opts.warm,
    cacheFromStore && opts.persist !== false,
  );
  t.graph = performance.now() - mark;
  // A long-running process: whether its own incremental build applied (null when it patched its graph).
  if (opts.warm) fullBuild = reason;
  mark = performance.now();
  let report: PersistReport | null = null;
  if (opts.persist !== false && store !== null) {
    const inputs = rowInputsFor(pass.next, lens, view.settings, scanBuild(opts.scannedBy));
    const graph = cacheFromStore
      ? {
          digest: graphDigest(inputs.salt, ctx.cacheKey, lens, view, walk),
          recordsUnchanged: pass.upserts.length === 0 && pass.deletes.length === 0 && opts.mode !== 'full',
        }
      : undefined;
    const warmGraph =
      opts.warm?.inSync === true
        ? warmDigest(opts.warm, inputs.salt, ctx.cacheKey, lens, view, walk)
        : undefined;
    report = persistPhase(opts, store, built, {
      walk,
      pass,
      inputs: withGraph(inputs, pass.next, graph),
      index,
      warmGraphDigest: warmGraph,
      cacheGeneration,
    });
    storeContributions(registry, store);
    // Records straight from the store's cache, or a persist right after this process's own: still in sync.
    if (opts.warm)
      opts.warm.inSync = (cacheFromStore && report.cacheCurrent) || (opts.warm.inSync && report.inMemory);
  }
  if (opts.warm && (report !== null || opts.warm.files === null)) opts.warm.files = pass.next;
  t.persist = performance.now() - mark;
  t.total = performance.now() - t0;
  const result = report?.result ?? built;
  result.stats.durationMs = Math.round(t.total);
  return {
    result,
    summary: { stats: result.stats, issues: severityCounts(result.issues) },
    patchedInPlace: false,
    fullBuildReason: opts.warm ? fullBuild : (fullBuild ?? 'the in-place patch did not apply'),
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
    warnings: warningsOf(walk, config, lens, store),
    timings: t,
  };
}

/** The outcome with more warnings, its properties copied as they are (a lazy `result` stays lazy, unread). */
function withWarnings(outcome: ScanOutcome, more: readonly string[]): ScanOutcome {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(outcome)) as ScanOutcome;
  return Object.defineProperty(copy, 'warnings', { value: [...outcome.warnings, ...more], enumerable: true });
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
  const loaded =
    opts.registry === undefined
      ? await loadPlugins({
          projectRoot: opts.projectRoot,
          config: config.merged,
          ...opts.plugins,
          probabilistic: false,
        })
      : null;
  const registry = opts.registry ?? loaded!.registry;
  const dbPath = opts.dbPath ?? opts.warm?.dbPath ?? defaultDbPath(opts.projectRoot);
  const lent = lendStore(opts, dbPath);
  const store = lent.store;
  t.open = performance.now() - t0;
  let failed = true;
  try {
    const started = fireHooks(registry, 'scan.started', { mode: opts.mode ?? 'incremental' });
    const outcome = await Promise.resolve(execute(opts, registry, config, store, t, t0, dbPath));
    failed = false;
    const perExtension = firePerExtensionHooks(registry);
    // The summary, never `outcome.result`: a patch in place reads its result back from the store only when asked.
    const s = outcome.summary.stats;
    const completed = fireHooks(registry, 'scan.completed', {
      nodes: s.nodesCount,
      links: s.linksCount,
      issues: s.issuesCount,
      durationMs: Math.round(outcome.timings.total),
    });
    const plugins = [
      ...pluginLoadWarnings(loaded?.plugins ?? []),
      ...takeAnalyzerWarnings(registry),
      ...started,
      ...perExtension,
      ...completed,
    ];
    return plugins.length === 0 ? outcome : withWarnings(outcome, plugins);
  } catch (err) {
    if (isAdapterError(err)) throw err;
    throw new AdapterError('SCAN_FAILED', `scan of ${opts.projectRoot} failed: ${(err as Error).message}`, {
      cause: err,
    });
  } finally {
    lent.release(failed);
  }
}
