import type { ExtensionRegistry } from '../../kernel/index.js';
// The options and outcome of a scan (`runScan`).
import type { FsPort } from '../../adapters/fs/fs-port.js';
import type { LoadedConfig } from '../../adapters/config/layered-config.js';
import type { SkippedEntry, TruncationInfo } from '../../adapters/fs/walk-types.js';
import type { OpsChannel, OpsLog } from '../../adapters/ops-log.js';
import type { PersistReport } from '../../adapters/sqlite/scan-writer.js';
import type { ScanStore } from '../../adapters/sqlite/store.js';
import type { ScanResult } from '../../adapters/domain.js';
import type { ScanFileEvent } from './file-pass.js';
import type { KernelPort, LensDecision, ScannedByLike } from './kernel-port.js';
import type { ScanWarmState } from './warm-state.js';

/** `incremental` (default) and `changed` reuse the per-file cache; `full` re-analyses every file. */
export type ScanMode = 'incremental' | 'changed' | 'full';

/** Options of `runScan`: the one scan entry point of the CLI, the REST route and the watcher. */
export interface ScanOptions {
  /** Absolute project (scope) root. */
  readonly projectRoot: string;
  /** Default `<projectRoot>/.skill-map/skill-map.db`. */
  readonly dbPath?: string;
  readonly mode?: ScanMode;
  /** The layered config; loaded from `projectRoot` when absent. */
  readonly config?: LoadedConfig;
  /** False: an in-memory scan that reads the cache but writes nothing (`GET /api/scan?fresh=1`). Default true. */
  readonly persist?: boolean;
  /** Drift-owning callers pass `rebuild` once the user agreed; the default refuses with `DB_SCHEMA_DRIFT`. */
  readonly onDrift?: 'refuse' | 'rebuild';
  /** A damaged database: `refuse` (default, `DB_DAMAGED`) or `move-aside` (kept as a backup, rebuilt; `sm scan --full`). */
  readonly onDamage?: 'refuse' | 'move-aside';
  /** Keep between scans in long-running processes (see `createScanWarmState`). */
  readonly warm?: ScanWarmState;
  /**
   * Files a watcher saw change since the last scan with the same `warm` state (scan-root-relative or
   * absolute). The engine then re-stats only those instead of walking the tree; anything it cannot apply
   * safely (directories, ignore/settings files, symlinks) falls back to a full walk. The graph is always
   * rebuilt whole.
   */
  readonly changedPaths?: readonly string[];
  readonly onProgress?: (event: ScanFileEvent) => void;
  /** When given, a persisted scan appends one `scan` line (`target: '*'`) on this channel. */
  readonly opsLog?: { readonly log: OpsLog; readonly channel: OpsChannel };
  readonly scannedBy?: ScannedByLike;
  /** mtimes newer than `now - racyWindowMs` are not trusted for the stat shortcut next time. Default 1000. */
  readonly racyWindowMs?: number;
  readonly now?: () => number;
  /**
   * False: a persist without a warm index compares every row's JSON instead of trusting the row
   * fingerprints (diagnostics and the equivalence tests; same rows written, slower). Default true.
   */
  readonly rowFingerprints?: boolean;
  readonly fs?: FsPort;
  readonly kernel?: KernelPort;
  /**
   * The extensions to run. Absent: the built-in plugins plus the project's and the user's trusted drop-in plugins
   * under the enable cascade (see engines/plugins), loaded for this scan.
   */
  readonly registry?: ExtensionRegistry;
  /** `--no-built-ins` / `--no-plugins` when the registry is loaded here. */
  readonly plugins?: { readonly builtIns?: boolean; readonly dropIns?: boolean };
  /**
   * The caller reads `summary`, not `result` (the CLI's plain output). A new process may then patch a few changed
   * files into the stored scan in place instead of rebuilding the whole graph; `result` is loaded from the database
   * on first access in that case.
   */
  readonly summaryOnly?: boolean;
  /**
   * False (`--no-inline-suppressions`): the files' inline suppressions are ignored, every issue is reported and none
   * is `suppression-unused`. It is a kernel setting, so the stored scan says so (`stats.inlineSuppressionsIgnored`) and
   * the next scan without it builds the graph in full. Default true.
   */
  readonly inlineSuppressions?: boolean;
  /** Tests and diagnostics: wraps the opened store (e.g. to persist into a second store as well). */
  readonly wrapStore?: (store: ScanStore) => ScanStore;
}

/** Milliseconds spent per phase. */
export interface ScanTimings {
  open: number;
  cacheLoad: number;
  walk: number;
  files: number;
  graph: number;
  persist: number;
  total: number;
}

/** The counts a scan reports: the result's stats and its issues per severity. */
export interface ScanSummary {
  readonly stats: ScanResult['stats'];
  readonly issues: { readonly error: number; readonly warn: number; readonly info: number };
}

/** What a scan returns besides the ScanResult. */
export interface ScanOutcome {
  readonly summary: ScanSummary;
  /** True when the stored scan was patched in place (see `ScanOptions.summaryOnly`). */
  readonly patchedInPlace: boolean;
  /**
   * Why the whole graph was built instead of patching the stored one (the phrase after "full build because"); null
   * when a patch applied (in place, or a long-running process's incremental build).
   */
  readonly fullBuildReason: string | null;
  /**
   * Set when a patch in place re-ran whole-graph checks (a change showed them something new): their ids, and the first
   * change that made them re-run. Absent otherwise.
   */
  readonly rechecked?: { readonly analyzers: readonly string[]; readonly reason: string };
  /** The graph, including rename/orphan issues stamped while persisting. */
  readonly result: ScanResult;
  readonly lens: LensDecision;
  readonly truncation: TruncationInfo;
  /** Every file left out, with its reason (walk and read phases). */
  readonly skipped: SkippedEntry[];
  readonly files: { accepted: number; analyzed: number; reusedByStat: number; reusedByHash: number };
  /** `refreshed` when `changedPaths` let the engine skip the full walk. */
  readonly walkMode: 'full' | 'refreshed';
  /** Rows written per table; null for an in-memory scan. */
  readonly persisted: Pick<PersistReport, 'nodes' | 'links' | 'issues' | 'renames'> | null;
  /** Truncation, config, lens and database advisories for the CLI to print (stderr). */
  readonly warnings: string[];
  readonly timings: ScanTimings;
}
