import type { ScanResult } from '@skill-map/spec';
import { analyzeFile } from './analyze-file.js';
import { buildGraph } from './build-graph.js';
import { createFileContext } from './context.js';
import { detectLens } from './lens.js';
import type { FileRecord, GraphContext, LensDecision, ScanSettings, SourceFile } from './types.js';
import type { HashFn } from './util/sha256.js';

/** Options of {@link scanSources}. */
export interface ScanSourcesOptions {
  /** Every walked path (defaults to the sources' paths); used for lens markers and broken-path checks. */
  walkedPaths?: readonly string[];
  hash?: HashFn;
  /** Extra walk facts passed through to buildGraph. */
  graph?: Omit<GraphContext, 'lens' | 'settings'>;
}

/** A one-shot scan result with its intermediate products. */
export interface ScanSourcesResult {
  lens: LensDecision;
  records: FileRecord[];
  result: ScanResult;
}

/** One-shot, uncached scan of in-memory sources: detectLens → analyzeFile (each) → buildGraph. */
export function scanSources(
  sources: readonly SourceFile[],
  settings: ScanSettings = {},
  options: ScanSourcesOptions = {},
): ScanSourcesResult {
  const walked = options.walkedPaths ?? sources.map((s) => s.path);
  const lens = detectLens(walked, settings);
  const ctx = createFileContext(lens, settings, options.hash === undefined ? {} : { hash: options.hash });
  const records = sources.map((s) => analyzeFile(s, ctx));
  const result = buildGraph(records, {
    existingPaths: new Set(walked),
    filesWalked: walked.length,
    ...options.graph,
    lens,
    settings,
  });
  return { lens, records, result };
}
