// The outcome of a scan: shared pieces, and the outcome of an in-place patch (whose full result is read back from
// the database only when a caller asks for it).
import type { LoadedConfig } from '../../adapters/config/layered-config.js';
import type { Issue, ScanResult } from '../../adapters/domain.js';
import type { WalkResult } from '../../adapters/fs/walk-types.js';
import type { ScanStore } from '../../adapters/sqlite/store.js';
import { tryOpenScanStoreForRead } from '../../adapters/sqlite/store.js';
import { emptyScanResult } from '../../adapters/domain.js';
import type { LensDecision } from './kernel-port.js';
import type { PatchOutcome } from './patch-phase.js';
import type { ScanOptions, ScanOutcome, ScanSummary, ScanTimings } from './scan-types.js';

/** The persisted scan, read back (the in-place patch's `result`). */
function readPersistedResult(dbPath: string): ScanResult {
  const store = tryOpenScanStoreForRead(dbPath);
  if (store === null) return emptyScanResult();
  try {
    return store.loadScan();
  } finally {
    store.close();
  }
}

export function warningsOf(
  walk: WalkResult,
  config: LoadedConfig,
  lens: LensDecision,
  store: ScanStore | null,
): string[] {
  return [
    ...walk.warnings,
    ...config.warnings,
    ...lens.warnings,
    ...(store?.advisory ? [store.advisory.message] : []),
    ...(store?.movedAside
      ? [
          `the database ${store.path} was damaged: it was moved to ${store.movedAside} (jobs, findings and other state stay there) and rebuilt`,
        ]
      : []),
  ];
}

/** Counts per severity, in the fixed order error, warn, info. */
export function severityCounts(issues: readonly Issue[]): ScanSummary['issues'] {
  const counts = { error: 0, warn: 0, info: 0 };
  for (const i of issues) counts[i.severity] += 1;
  return counts;
}

/** The outcome of an in-place patch: counts from the store; the full result is read back only if asked for. */
export function patchedOutcome(
  opts: ScanOptions,
  store: ScanStore,
  config: LoadedConfig,
  walk: WalkResult,
  lens: LensDecision,
  patched: PatchOutcome,
  t: ScanTimings,
  t0: number,
): ScanOutcome {
  const { report } = patched;
  const s = report.meta.stats;
  const detail = `mode=${opts.mode ?? 'incremental'} nodes=${s.nodesCount} links=${s.linksCount} issues=${s.issuesCount}`;
  opts.opsLog?.log.append({ op: 'scan', target: '*', channel: opts.opsLog.channel, outcome: 'ok', detail });
  const summary: ScanSummary = { stats: s, issues: store.issueSeverityCounts() };
  const dbPath = store.path;
  let loaded: ScanResult | null = null;
  t.total = performance.now() - t0;
  const outcome: Omit<ScanOutcome, 'result'> = {
    summary,
    patchedInPlace: true,
    fullBuildReason: null,
    ...(patched.rechecked === undefined ? {} : { rechecked: patched.rechecked }),
    lens,
    truncation: walk.truncation,
    skipped: [...walk.skipped],
    files: patched.files,
    walkMode: 'full',
    persisted: { nodes: report.nodes, links: report.links, issues: report.issues, renames: [] },
    warnings: warningsOf(walk, config, lens, store),
    timings: t,
  };
  return Object.defineProperty(outcome, 'result', {
    enumerable: true,
    get: (): ScanResult => (loaded ??= readPersistedResult(dbPath)),
  }) as ScanOutcome;
}
