// The scan's graph held in memory for an editor: unsaved buffers overlay the files on disk, and a keystroke
// re-analyses that one buffer and patches the graph through the kernel's incremental build (never the project).
import { join } from 'node:path';
import type { ScanResult } from '../../adapters/domain.js';
import { NODE_FS, readVia } from '../../adapters/fs/fs-port.js';
import { readRenames } from '../../adapters/git/renames.js';
import { defaultDbPath } from '../../adapters/sqlite/open-database.js';
import type { FileContext, FileRecord, GraphContext } from '../../kernel/index.js';
import { sha256 } from '../scan/file-pass.js';
import { KERNEL } from '../scan/kernel-port.js';
import type { KernelPort, ScannedByLike } from '../scan/kernel-port.js';
import { runScan } from '../scan/scan-engine.js';
import { createScanWarmState } from '../scan/warm-state.js';
import type { ScanWarmState } from '../scan/warm-state.js';
import { closeWarmStore } from '../scan/warm-store.js';

/** How to build a live graph. */
export interface LiveGraphOptions {
  /** Absolute project (scope) root. */
  readonly projectRoot: string;
  /** Default `<projectRoot>/.skill-map/skill-map.db`. */
  readonly dbPath?: string;
  readonly scannedBy?: ScannedByLike;
  /** `--no-built-ins` / `--no-plugins`. */
  readonly plugins?: { readonly builtIns?: boolean; readonly dropIns?: boolean };
  /** Called with a one-line reason when the stored scan cannot be written (the graph then lives in memory only). */
  readonly onWarning?: (message: string) => void;
}

/** One graph update: the results before and after, and whether the kernel patched or rebuilt the graph. */
export interface LiveChange {
  readonly before: ScanResult;
  readonly after: ScanResult;
  readonly mode: 'patch' | 'full';
}

/** The project's graph with the editor's unsaved buffers applied. */
export interface LiveGraph {
  readonly projectRoot: string;
  /** The current graph (disk plus overlays). */
  result(): ScanResult;
  /** Whether `path` (project-relative POSIX) is a file the scan analysed, so a buffer of it can overlay it. */
  has(path: string): boolean;
  /** The text of a project file as the graph sees it: the overlay when there is one, else the file on disk. */
  textOf(path: string): string | null;
  /** The renames git knows of (old path -> new path), for fixes of broken paths; read once per disk refresh. */
  renames(): ReadonlyMap<string, string>;
  /** Overlays a buffer and re-analyses that file; null when the scan does not know the path. */
  overlay(path: string, text: string): LiveChange | null;
  /** Drops a buffer's overlay (the file on disk counts again); null when there was none. */
  drop(path: string): LiveChange | null;
  /** Rescans what changed on disk (`changedPaths`, or a walk when absent) and re-applies the overlays. */
  refresh(changedPaths?: readonly string[]): Promise<LiveChange>;
  close(): void;
}

const MAX_TEXT_BYTES = 16 * 1024 * 1024;

/** The contexts the scan engine made for its last graph build, caught by wrapping the kernel port. */
interface Captured {
  file: FileContext | null;
  graph: GraphContext | null;
}

function capturingKernel(seen: Captured): KernelPort {
  const incremental = KERNEL.buildGraphIncremental!;
  return {
    ...KERNEL,
    createFileContext: (...args) => (seen.file = KERNEL.createFileContext(...args)),
    buildGraphIncremental: (records, ctx, previous) => {
      seen.graph = ctx;
      return incremental(records, ctx, previous);
    },
  };
}

class Live implements LiveGraph {
  private readonly seen: Captured = { file: null, graph: null };
  private readonly kernel = capturingKernel(this.seen);
  private readonly warm: ScanWarmState;
  private readonly overlays = new Map<string, { text: string; record: FileRecord }>();
  private current: ScanResult | null = null;
  private persist = true;
  private knownRenames: ReadonlyMap<string, string> | null = null;

  constructor(private readonly opts: LiveGraphOptions) {
    this.warm = createScanWarmState(opts.dbPath ?? defaultDbPath(opts.projectRoot));
  }

  get projectRoot(): string {
    return this.opts.projectRoot;
  }

  result(): ScanResult {
    if (this.current === null) throw new Error('the live graph has not been scanned yet');
    return this.current;
  }

  has(path: string): boolean {
    return this.warm.files?.has(path) === true;
  }

  textOf(path: string): string | null {
    const overlay = this.overlays.get(path);
    if (overlay !== undefined) return overlay.text;
    const read = readVia(NODE_FS, join(this.opts.projectRoot, path), MAX_TEXT_BYTES);
    return read.ok ? read.bytes.toString('utf8') : null;
  }

  renames(): ReadonlyMap<string, string> {
    this.knownRenames ??= readRenames(this.opts.projectRoot);
    return this.knownRenames;
  }

  overlay(path: string, text: string): LiveChange | null {
    const ctx = this.seen.file;
    if (ctx === null || !this.has(path)) return null;
    this.overlays.set(path, { text, record: this.analyse(path, text, ctx) });
    return this.rebuild([path]);
  }

  drop(path: string): LiveChange | null {
    if (!this.overlays.delete(path)) return null;
    return this.rebuild([path]);
  }

  async refresh(changedPaths?: readonly string[]): Promise<LiveChange> {
    const before = this.current;
    this.knownRenames = null;
    await this.scan(changedPaths);
    const ctx = this.seen.file;
    // The file context may have changed (settings, lens): the overlays are analysed again under the new one.
    if (ctx !== null)
      for (const [path, o] of this.overlays) {
        if (this.has(path)) o.record = this.analyse(path, o.text, ctx);
        else this.overlays.delete(path);
      }
    const after = this.overlays.size > 0 ? this.rebuild([...this.overlays.keys()]).after : this.result();
    return { before: before ?? after, after, mode: 'full' };
  }

  close(): void {
    closeWarmStore(this.warm);
  }

  private analyse(path: string, text: string, ctx: FileContext): FileRecord {
    const bytes = Buffer.from(text, 'utf8');
    return this.kernel.analyzeFile(
      { path, text, bytes: bytes.length, modifiedAtMs: Date.now(), contentHash: sha256(bytes) },
      ctx,
    );
  }

  /** The disk records with the overlays of `paths` (or their disk records back) put in, patched into the graph. */
  private rebuild(paths: readonly string[]): LiveChange {
    const state = this.warm.graph;
    const ctx = this.seen.graph;
    const files = this.warm.files;
    if (state === null || ctx === null || files === null)
      throw new Error('the live graph has no graph state');
    // Unchanged files keep their record objects: the kernel patches only the records that are new.
    const records = state.ordered.slice();
    const want = new Set(paths);
    for (let i = 0; i < records.length && want.size > 0; i++) {
      const path = records[i]!.path;
      if (!want.delete(path)) continue;
      records[i] = this.overlays.get(path)?.record ?? files.get(path)?.record ?? records[i]!;
    }
    const before = this.result();
    this.warm.graph = null;
    const next = this.kernel.buildGraphIncremental!(records, ctx, state);
    this.warm.graph = next.state;
    this.current = next.result;
    return { before, after: next.result, mode: next.mode };
  }

  private async scan(changedPaths?: readonly string[]): Promise<void> {
    const base = {
      projectRoot: this.opts.projectRoot,
      dbPath: this.warm.dbPath,
      warm: this.warm,
      kernel: this.kernel,
      ...(this.opts.scannedBy ? { scannedBy: this.opts.scannedBy } : {}),
      ...(this.opts.plugins ? { plugins: this.opts.plugins } : {}),
      ...(changedPaths !== undefined && this.warm.lastWalk !== undefined ? { changedPaths } : {}),
    };
    if (this.persist) {
      try {
        const outcome = await runScan(base);
        // The kernel's own result, so every later patch compares like with like (not the persisted copy).
        this.current = this.warm.graph?.result ?? outcome.result;
        return;
      } catch (err) {
        // A database another build wrote, a damaged or read-only one: the editor still gets its diagnostics.
        this.persist = false;
        this.opts.onWarning?.(
          `the stored scan cannot be written, working in memory: ${(err as Error).message}`,
        );
        this.close();
      }
    }
    // In memory the engine keeps the previous records only when it persisted them: start from none each time.
    this.warm.files = null;
    const outcome = await runScan({ ...base, persist: false });
    this.current = this.warm.graph?.result ?? outcome.result;
  }
}

/** Scans the project (reusing the stored per-file cache) and holds its graph for overlays. */
export async function createLiveGraph(opts: LiveGraphOptions): Promise<LiveGraph> {
  const live = new Live(opts);
  await live.refresh();
  return live;
}
