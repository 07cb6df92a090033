import { hash } from 'node:crypto';
import type { FsPort } from '../../adapters/fs/fs-port.js';
import { readContent } from '../../adapters/fs/read-candidate.js';
import type { SkippedEntry, WalkedFile } from '../../adapters/fs/walk-types.js';
import type { FileCacheEntry } from '../../adapters/sqlite/file-cache.js';
import {
  failedFileRecord,
  recordMentions,
  type FileContext,
  type FileRecord,
  type SourceFile,
} from '../../kernel/index.js';
import type { CachedFile } from './warm-state.js';

/** Per-file progress of a scan, for a CLI progress bar or the `scan.progress` WebSocket event. */
export interface ScanFileEvent {
  readonly index: number;
  readonly total: number;
  readonly path: string;
  /** The node kind the file produced, null for sidecars, configs and ignored files. */
  readonly kind: string | null;
  /** True when the kernel did not re-analyse the file (cache hit by stat or by content hash). */
  readonly cached: boolean;
}

/** The kernel entry point the file pass calls (injected so tests can count calls). */
export type AnalyzeFn = (
  file: { path: string; text: string; bytes: number; modifiedAtMs: number | null; contentHash: string },
  ctx: FileContext,
) => FileRecord;

/** Inputs of `runFilePass`. */
export interface FilePassInput {
  readonly files: readonly WalkedFile[];
  readonly fs: FsPort;
  readonly maxFileSizeBytes: number;
  readonly ctx: FileContext;
  readonly analyze: AnalyzeFn;
  readonly previous: ReadonlyMap<string, CachedFile>;
  /** `full`: ignore the cache and re-analyse everything. */
  readonly full: boolean;
  /** mtimes at or after this instant are not trusted for the stat shortcut (racy-clean protection). */
  readonly racyFromMs: number;
  readonly onFile?: (event: ScanFileEvent) => void;
}

/** What the file pass produced. */
export interface FilePassOutput {
  readonly records: FileRecord[];
  readonly next: Map<string, CachedFile>;
  /** Cache rows to write (new, re-analysed or re-stamped files). */
  readonly upserts: FileCacheEntry[];
  /** Cached paths no longer accepted by the walk. */
  readonly deletes: string[];
  readonly skipped: SkippedEntry[];
  readonly counts: { analyzed: number; reusedByStat: number; reusedByHash: number };
}

/** sha256 hex of raw bytes (node:crypto, injected into the kernel as well). */
export function sha256(data: string | Buffer): string {
  return hash('sha256', data, 'hex');
}

function withMtime(record: FileRecord, mtimeMs: number): FileRecord {
  const modifiedAtMs = Math.trunc(mtimeMs);
  if (record.node === null || record.node.modifiedAtMs === modifiedAtMs) return record;
  return { ...record, node: { ...record.node, modifiedAtMs } };
}

type Decision = { record: FileRecord; how: 'stat' | 'hash' | 'analyzed' } | { skipped: SkippedEntry };

function decide(input: FilePassInput, file: WalkedFile, prev: CachedFile | undefined): Decision {
  const usable = !input.full && prev !== undefined && prev.record.cacheKey === input.ctx.cacheKey;
  if (usable && prev.mtimeMs !== -1 && prev.size === file.size && prev.mtimeMs === file.mtimeMs) {
    return { record: prev.record, how: 'stat' };
  }
  const read = readContent(input.fs, file.absPath, file.path, input.maxFileSizeBytes);
  if (!read.ok) return { skipped: read.skipped };
  const contentHash = sha256(read.content);
  if (usable && prev.record.contentHash === contentHash)
    return { record: withMtime(prev.record, file.mtimeMs), how: 'hash' };
  const source = {
    path: file.path,
    text: read.content.toString('utf8'),
    bytes: read.content.length,
    modifiedAtMs: Math.trunc(file.mtimeMs),
    contentHash,
  };
  let record: FileRecord;
  try {
    record = input.analyze(source, input.ctx);
  } catch (error) {
    // The kernel's analyzeFile never throws; an injected one may: the file gets its issue, the scan goes on.
    record = failedFileRecord(source, input.ctx, error);
  }
  return { record, how: 'analyzed' };
}

/** The cache row of a record (throws what `JSON.stringify` throws, e.g. a string past V8's length limit). */
function cacheRow(file: WalkedFile, mtimeMs: number, record: FileRecord): FileCacheEntry {
  return {
    path: file.path,
    size: file.size,
    mtimeMs,
    recordJson: JSON.stringify(record),
    mentions: recordMentions(record),
  };
}

/** Enough of the source for `failedFileRecord` (its content hash is already known). */
function sourceOf(file: WalkedFile, record: FileRecord): SourceFile {
  return {
    path: file.path,
    text: '',
    bytes: file.size,
    modifiedAtMs: Math.trunc(file.mtimeMs),
    contentHash: record.contentHash,
  };
}

/** Accumulates the pass's outputs file by file, in walk order. */
class PassState {
  readonly records: FileRecord[] = [];
  readonly next = new Map<string, CachedFile>();
  readonly upserts: FileCacheEntry[] = [];
  readonly skipped: SkippedEntry[] = [];
  readonly counts = { analyzed: 0, reusedByStat: 0, reusedByHash: 0 };

  constructor(private readonly input: FilePassInput) {}

  add(file: WalkedFile, index: number, prev: CachedFile | undefined, d: Decision): void {
    const input = this.input;
    if ('skipped' in d) {
      this.skipped.push(d.skipped);
      return;
    }
    const mtimeMs = file.mtimeMs >= input.racyFromMs ? -1 : file.mtimeMs;
    let record = d.record;
    if (d.how === 'stat' && prev !== undefined && prev.mtimeMs === mtimeMs) {
      // Unchanged: the cached entry is reused as is (no allocation, no cache write).
      this.next.set(file.path, prev);
      this.counts.reusedByStat += 1;
    } else {
      let row: FileCacheEntry;
      try {
        row = cacheRow(file, mtimeMs, record);
      } catch (error) {
        // One file's record that cannot be stored (too large to serialise) is that file's issue; the scan goes on.
        record = failedFileRecord(sourceOf(file, record), input.ctx, error);
        row = cacheRow(file, mtimeMs, record);
      }
      this.next.set(file.path, { size: file.size, mtimeMs, record });
      if (d.how === 'stat') this.counts.reusedByStat += 1;
      else if (d.how === 'hash') this.counts.reusedByHash += 1;
      else this.counts.analyzed += 1;
      this.upserts.push(row);
    }
    this.records.push(record);
    input.onFile?.({
      index,
      total: input.files.length,
      path: file.path,
      kind: record.node?.kind ?? null,
      cached: d.how !== 'analyzed',
    });
  }

  output(): FilePassOutput {
    const previous = this.input.previous;
    const deletes: string[] = [];
    if (previous.size !== this.next.size || this.skipped.length > 0 || this.upserts.length > 0) {
      for (const p of previous.keys()) if (!this.next.has(p)) deletes.push(p);
    }
    return {
      records: this.records,
      next: this.next,
      upserts: this.upserts,
      deletes,
      skipped: this.skipped,
      counts: this.counts,
    };
  }
}

/**
 * Decides per accepted file: unchanged (size, mtime) under the same cache key → reuse the cached record
 * without reading; otherwise read and hash, and reuse on an equal content hash; otherwise run the kernel's
 * `analyzeFile`. Only files that changed produce cache upserts.
 */
export function runFilePass(input: FilePassInput): FilePassOutput {
  const state = new PassState(input);
  input.files.forEach((file, index) => {
    const prev = input.previous.get(file.path);
    state.add(file, index, prev, decide(input, file, prev));
  });
  return state.output();
}
