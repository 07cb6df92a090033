// Test support only: a project held in memory, analysed file by file and built with the incremental graph builder,
// for suites that edit one file and compare the patched graph with a full build.
import { analyzeFile, isCandidatePath } from '../analyze-file.js';
import { createFileContext } from '../context.js';
import { buildGraphIncremental } from '../graph/incremental.js';
import { detectLens } from '../lens.js';
import type { FileRecord, ScanSettings } from '../types.js';

/** The files' records (kept in `recordOf`, re-analysed by `analyze`), the graph context, and the first state. */
export function incrementalProject(
  files: ReadonlyMap<string, string>,
  settings: ScanSettings,
  hash: (text: string) => string,
) {
  const lens = detectLens([...files.keys()], settings);
  const ctx = createFileContext(lens, settings, { hash });
  const analyze = (path: string): FileRecord => {
    const text = files.get(path)!;
    return analyzeFile({ path, text, bytes: Buffer.byteLength(text), modifiedAtMs: 1 }, ctx);
  };
  const recordOf = new Map([...files.keys()].filter(isCandidatePath).map((p) => [p, analyze(p)]));
  const graphCtx = { lens, settings, existingPaths: new Set(files.keys()) };
  const records = (): FileRecord[] => [...recordOf.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
  return {
    analyze,
    recordOf,
    graphCtx,
    records,
    state: buildGraphIncremental(records(), graphCtx, null).state,
  };
}
