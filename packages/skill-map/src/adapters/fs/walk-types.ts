import type { FsPort } from './fs-port.js';

/** Why a file (or directory) found by the walk was not handed to the kernel. */
export type SkipReason =
  | 'oversized'
  | 'binary'
  | 'unreadable'
  | 'vanished'
  | 'unlistable-dir'
  | 'not-a-file'
  | 'symlink-outside-root'
  | 'symlink-loop'
  | 'symlink-broken';

/** One entry the walk had to leave out, with the reason (and the system error code when there was one). */
export interface SkippedEntry {
  readonly path: string;
  readonly reason: SkipReason;
  readonly bytes?: number;
  readonly errorCode?: string;
}

/** A candidate file accepted by the walk. `content` is absent when the read was skipped (cache hit). */
export interface WalkedFile {
  /** Scan-root-relative POSIX path. */
  readonly path: string;
  readonly absPath: string;
  readonly size: number;
  readonly mtimeMs: number;
  /** Raw bytes, present only when the file was read. */
  readonly content?: Buffer;
}

/** Loud truncation report: the ceiling, whether it was hit, and how many candidate files it left out. */
export interface TruncationInfo {
  readonly scanTruncated: boolean;
  readonly scanCeiling: number;
  readonly filesNotScanned: number;
}

/** Per-file progress emitted by the walk (for a CLI progress bar or a WebSocket stream). */
export type WalkProgressEvent =
  | { readonly type: 'file'; readonly path: string; readonly read: boolean; readonly index: number }
  | { readonly type: 'skipped'; readonly path: string; readonly reason: SkipReason };

/** Options of `walkProject`. Every limit has a default so a caller can pass only the root. */
export interface WalkOptions {
  /** Absolute scan root. */
  readonly root: string;
  /** Which paths are worth stat-ing and reading (kernel `isCandidatePath` plus `.sm` sidecars). */
  readonly isCandidate: (relPath: string) => boolean;
  readonly maxFileSizeBytes?: number;
  readonly maxScan?: number;
  readonly respectGitignore?: boolean;
  /** `config.ignore` patterns (gitignore syntax, anchored at the scan root). */
  readonly ignorePatterns?: readonly string[];
  /** Project-local `scan.followExternalSymlinks`. */
  readonly followExternalSymlinks?: boolean;
  /**
   * Incremental scans: return false to skip reading a file whose (size, mtimeMs) match a cached record.
   * Defaults to always reading.
   */
  readonly shouldRead?: (relPath: string, size: number, mtimeMs: number) => boolean;
  readonly onProgress?: (event: WalkProgressEvent) => void;
  /** Injected filesystem (tests simulate races and permission errors through it). */
  readonly fs?: FsPort;
}

/** Everything the walk learned about the tree. */
export interface WalkResult {
  readonly root: string;
  /** Accepted candidate files, sorted by path. */
  readonly files: WalkedFile[];
  /** Every non-ignored regular file seen, candidate or not, sorted (lens markers, broken-link checks). */
  readonly allPaths: string[];
  /** Every non-ignored directory entered, scan-root-relative, without trailing slash (root excluded). */
  readonly dirs: string[];
  /** Non-ignored regular files encountered. */
  readonly filesWalked: number;
  /** Candidate files left out for any reason, including those beyond the ceiling (not listed in `skipped`). */
  readonly filesSkipped: number;
  /** Entries left out, with reasons (oversized files are listed here too; over-ceiling files are only counted). */
  readonly skipped: SkippedEntry[];
  readonly oversized: Array<{ readonly path: string; readonly bytes: number }>;
  /**
   * Ignore files (`.gitignore`, `.skillmapignore`) that exist but were not read (not a regular file, over
   * {@link IGNORE_FILE_MAX_BYTES}, unreadable): their rules were not applied. Scan-root-relative, sorted.
   */
  readonly ignoreFilesUnread: SkippedEntry[];
  readonly truncation: TruncationInfo;
  /** Human-readable warnings the CLI prints (truncation, unreadable directories...). */
  readonly warnings: string[];
  readonly durationMs: number;
}

/** Default per-file size cap: 1 MiB. */
export const DEFAULT_MAX_FILE_SIZE_BYTES = 1024 * 1024;
/**
 * Default scan ceiling. The reference's 5,000 silently truncates a 10,000-file project; 50,000 admits the
 * largest harnesses we know of while still bounding a scan started in the wrong directory (a home folder).
 */
export const DEFAULT_MAX_SCAN = 50_000;
/** Cap of one ignore file (`.gitignore`, `.skillmapignore`): real ones are a few KB. */
export const IGNORE_FILE_MAX_BYTES = 1024 * 1024;
/** Bytes inspected for a NUL byte to call a file binary. */
export const BINARY_SNIFF_BYTES = 8192;
