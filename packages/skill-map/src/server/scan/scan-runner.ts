import { isServerError, ServerError, toServerError } from '../errors.js';
import type { ScanPort, ScanProgress, ScanSummary } from '../ports.js';
import type { MapReader } from '../read/map-reader.js';
import type { Broadcaster } from '../ws/broadcaster.js';

/** What `scan.completed` carries: the contract's counts plus how the node SET moved. */
export interface ScanCompleted extends ScanSummary {
  nodesAdded: number;
  nodesRemoved: number;
  mode: 'full' | 'changed';
  /**
   * `database`: the stored map changed in a shared PostgreSQL database outside this server's own scans (another
   * process stored a scan, or a suppression removed issues); this server only announces it.
   */
  trigger: 'rest' | 'watcher' | 'boot' | 'database';
}

/** Runs scans one at a time and narrates them on the broadcaster. */
export interface ScanRunner {
  /** Starts a scan now; rejects with `scan-busy` while another runs (REST: 409). */
  run(
    mode: 'full' | 'changed',
    trigger: ScanCompleted['trigger'],
    changedPaths?: readonly string[],
  ): Promise<ScanCompleted>;
  /** True while a scan is running. */
  busy(): boolean;
  /**
   * Another process stored a new scan of the project: announce it (`scan.completed`, trigger `database`) as if
   * this server had scanned. Ignored while a scan of its own runs: that one is about to replace it.
   */
  storedElsewhere(): void;
  /** Resolves when the running scan (if any) has settled; used by shutdown to drain. */
  idle(): Promise<void>;
}

/** The longest a progress feed stays silent while files are being walked. */
const PROGRESS_INTERVAL_MS = 50;

/**
 * Thins the per-file progress feed: every file the scan had to (re)analyse is published, cached files only
 * every 50 ms and at the end. A warm rescan of a 10,000-file project then publishes a handful of events
 * instead of 10,000 frames to every WebSocket client.
 */
function throttleProgress(publish: (p: ScanProgress) => void): (p: ScanProgress) => void {
  let last = 0;
  return (p) => {
    const now = Date.now();
    const isLast = p.total !== undefined && p.index + 1 >= p.total;
    if (!p.cached || isLast || now - last >= PROGRESS_INTERVAL_MS) {
      last = now;
      publish(p);
    }
  };
}

/**
 * Refuses to scan over a damaged database. A rescan that finds no file changed may not read the database at all
 * (the warm index answers), so without this check it would report success over a file every read fails on.
 */
function assertReadable(reader: MapReader): void {
  const status = reader.status();
  if (status.db === 'damaged')
    throw new ServerError(
      'db-damaged',
      status.problem ?? `the skill-map database ${status.dbPath} is damaged`,
      {
        details: { path: status.dbPath },
      },
    );
}

/** The run id of one scan's events. */
const newRunId = (): string => `r-scan-${Date.now().toString(36)}`;

/**
 * Creates the single-flight scan runner. The node-set diff compares the sorted path list before and after
 * (one indexed column), so `resources/list_changed` fires only when nodes were added or removed.
 */
export function createScanRunner(scanner: ScanPort, reader: MapReader, broadcaster: Broadcaster): ScanRunner {
  let running: Promise<ScanCompleted> | null = null;
  let known: Set<string> | null = null;
  let portDiffs = false;

  const execute = async (
    mode: 'full' | 'changed',
    trigger: ScanCompleted['trigger'],
    changedPaths?: readonly string[],
  ): Promise<ScanCompleted> => {
    const runId = newRunId();
    broadcaster.publish('scan.started', { mode, trigger }, { runId });
    let summary: ScanSummary;
    let before: Set<string> | null;
    try {
      assertReadable(reader);
      // Only scan ports that do not report their persist diff need the path set from before the scan.
      before = portDiffs ? null : (known ?? new Set(reader.nodePaths()));
      summary = await scanner.scanAndPersist({
        mode,
        channel: trigger === 'watcher' ? 'watcher' : 'ui',
        ...(changedPaths === undefined ? {} : { changedPaths }),
        onProgress: throttleProgress((p) => broadcaster.publish('scan.progress', { ...p }, { runId })),
      });
    } catch (err) {
      broadcaster.publish(
        'scan.failed',
        { mode, message: err instanceof Error ? err.message : String(err) },
        { runId },
      );
      const mapped = toServerError(err);
      if (isServerError(mapped, 'db-damaged')) throw mapped; // the user's to repair: said as such
      throw new ServerError(
        'scan-failed',
        `scan failed: ${err instanceof Error ? err.message : String(err)}`,
        { cause: err },
      );
    }
    const { added, removed } = nodeSetDelta(summary, before);
    const completed: ScanCompleted = { ...summary, nodesAdded: added, nodesRemoved: removed, mode, trigger };
    broadcaster.publish('scan.completed', { ...completed }, { runId });
    return completed;
  };

  /** The engine's persist diff when it reports one; otherwise a diff of the sorted path lists. */
  const nodeSetDelta = (
    summary: ScanSummary,
    previous: Set<string> | null,
  ): { added: number; removed: number } => {
    if (summary.nodesAdded !== undefined && summary.nodesRemoved !== undefined) {
      portDiffs = true;
      known = null;
      return { added: summary.nodesAdded, removed: summary.nodesRemoved };
    }
    portDiffs = false;
    const before = previous ?? new Set(reader.nodePaths());
    const after = new Set(reader.nodePaths());
    let added = 0;
    for (const p of after) if (!before.has(p)) added++;
    known = after;
    return { added, removed: before.size - (after.size - added) };
  };

  return {
    run(mode, trigger, changedPaths) {
      if (running !== null)
        return Promise.reject(
          new ServerError('scan-busy', 'a scan is already running; try again when it completes'),
        );
      const current = execute(mode, trigger, changedPaths).finally(() => {
        running = null;
      });
      running = current;
      return current;
    },
    busy: () => running !== null,
    storedElsewhere() {
      if (running !== null) return;
      const meta = reader.scanMeta();
      const summary: ScanSummary = { ...meta.counts, durationMs: meta.stats.durationMs, roots: meta.roots };
      // Never scanned here yet: every stored node is news.
      const { added, removed } = nodeSetDelta(summary, known ?? new Set<string>());
      const completed: ScanCompleted = {
        ...summary,
        nodesAdded: added,
        nodesRemoved: removed,
        mode: 'full',
        trigger: 'database',
      };
      broadcaster.publish('scan.completed', { ...completed }, { runId: newRunId() });
    },
    idle: async () => {
      await running?.catch(() => undefined);
    },
  };
}
