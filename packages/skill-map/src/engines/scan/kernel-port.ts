import type { ScannedBy } from '@skill-map/spec';
import {
  analyzeFile,
  buildGraph,
  buildGraphIncremental,
  createFileContext,
  detectLens,
  isCandidatePath,
  patchRecords,
  resolutionIndexOfState,
} from '../../kernel/index.js';

export type { LensDecision } from '../../kernel/index.js';

/** Who produced a scan (`ScanResult.scannedBy`). */
export type ScannedByLike = ScannedBy;

/** The kernel functions the scan engine calls; the real kernel by default, a spy in tests. */
export interface KernelPort {
  readonly isCandidatePath: typeof isCandidatePath;
  readonly detectLens: typeof detectLens;
  readonly createFileContext: typeof createFileContext;
  readonly analyzeFile: typeof analyzeFile;
  readonly buildGraph: typeof buildGraph;
  /** The warm path's graph build (re-resolves only what changed when it can); optional for test doubles. */
  readonly buildGraphIncremental?: typeof buildGraphIncremental;
  /** A new process's in-place patch of a few changed records (optional for test doubles: they always build). */
  readonly patchRecords?: typeof patchRecords;
  readonly resolutionIndexOfState?: typeof resolutionIndexOfState;
}

/**
 * The real kernel, named function by function: a bundle then carries only what a scan calls (a namespace import
 * used as a value would pull in the whole kernel, formatters and query grammar included).
 */
export const KERNEL: KernelPort = {
  isCandidatePath,
  detectLens,
  createFileContext,
  analyzeFile,
  buildGraph,
  buildGraphIncremental,
  patchRecords,
  resolutionIndexOfState,
};
