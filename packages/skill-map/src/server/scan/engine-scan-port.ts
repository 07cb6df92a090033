import { closeWarmStore, createScanWarmState, runScan } from '../../engines/index.js';
import { toSpecScanResult } from '@skill-map/spec';
import type { ScanResult, ScannedBy } from '@skill-map/spec';
import type { OpsLog } from '../../adapters/ops-log.js';
import type { ScanFileEvent } from '../../engines/index.js';
import type { ScanPort, ScanProgress } from '../ports.js';

/** The scan engine's `onProgress` option reporting to a ScanPort's listener (nothing when there is none). */
export function progressOption(onProgress: ((p: ScanProgress) => void) | undefined): {
  onProgress?: (e: ScanFileEvent) => void;
} {
  if (onProgress === undefined) return {};
  return {
    onProgress: (e) =>
      onProgress({ index: e.index, total: e.total, path: e.path, kind: e.kind ?? 'file', cached: e.cached }),
  };
}

/** Options of `createEngineScanPort`. */
export interface EngineScanPortOptions {
  projectRoot: string;
  dbPath: string;
  /** When given, each persisted scan appends one operations-log line (channel `ui` or `watcher`). */
  opsLog?: OpsLog;
  /**
   * What a scan does on schema-fingerprint drift. Default `refuse` (the scan fails with the drift advisory):
   * a server cannot ask before deleting jobs and findings, so rebuilding is the CLI's call at boot (`--yes`).
   */
  onDrift?: 'refuse' | 'rebuild';
  /**
   * Who scans (`ScanResult.scannedBy`). The same identity as `sm scan` keeps the rows' fingerprints comparable
   * between the server and the CLI (they are salted with it).
   */
  scannedBy?: ScannedBy;
  /** `--no-built-ins` / `--no-plugins`. */
  plugins?: { builtIns?: boolean; dropIns?: boolean };
  /** Receives the published ScanResult of each persisted scan (`sm watch --json` prints one per batch). */
  onResult?: (result: ScanResult) => void;
}

/**
 * The ScanPort over the scan engine (`runScan`): walk, per-file cache, kernel, diff persist. A warm state
 * lives as long as the server so a watcher rescan after a one-file edit re-stats only the changed paths.
 */
export function createEngineScanPort(options: EngineScanPortOptions): ScanPort {
  const warm = createScanWarmState(options.dbPath);
  const opsLog = options.opsLog;
  return {
    async scanAndPersist({ mode, changedPaths, channel, onProgress }) {
      const outcome = await runScan({
        projectRoot: options.projectRoot,
        dbPath: options.dbPath,
        mode: mode === 'full' ? 'full' : 'changed',
        warm,
        onDrift: options.onDrift ?? 'refuse',
        ...(options.scannedBy === undefined ? {} : { scannedBy: options.scannedBy }),
        ...(options.plugins === undefined ? {} : { plugins: options.plugins }),
        ...(changedPaths === undefined || mode === 'full' ? {} : { changedPaths }),
        ...(opsLog === undefined ? {} : { opsLog: { log: opsLog, channel: channel ?? 'ui' } }),
        ...progressOption(onProgress),
      });
      options.onResult?.(toSpecScanResult(outcome.result));
      const s = outcome.result.stats;
      const diff = outcome.persisted?.nodes;
      return {
        nodes: s.nodesCount,
        links: s.linksCount,
        issues: s.issuesCount,
        durationMs: s.durationMs,
        roots: outcome.result.roots,
        ...(diff === undefined ? {} : { nodesAdded: diff.inserted, nodesRemoved: diff.deleted }),
      };
    },
    close() {
      closeWarmStore(warm);
    },
    async scanFresh() {
      const outcome = await runScan({
        projectRoot: options.projectRoot,
        dbPath: options.dbPath,
        persist: false,
      });
      return toSpecScanResult(outcome.result);
    },
  };
}
