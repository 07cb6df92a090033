// Test-only helper: reads a real corpus in place with node:fs and runs the kernel over it.
// (node:fs is allowed here because this folder is excluded from the layering rule: it is never shipped logic.)
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { ScanResult } from '@skill-map/spec';
import { analyzeFile, isCandidatePath } from '../analyze-file.js';
import { buildGraph } from '../build-graph.js';
import { createFileContext } from '../context.js';
import { detectLens } from '../lens.js';
import type { FileRecord, LensDecision, ScanSettings, SourceFile } from '../types.js';

/** Absolute path of /work/shared/corpora, resolved from /work/main. */
export const CORPORA_DIR = new URL('../../../../../../shared/corpora/', import.meta.url).pathname;

const IGNORED_DIRS = new Set(['.git', 'node_modules']);

/** Every file under `root` as a scope-relative POSIX path (sorted). */
export function walk(root: string): string[] {
  const out: string[] = [];
  const visit = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!IGNORED_DIRS.has(entry.name)) visit(join(dir, entry.name));
      } else if (entry.isFile()) out.push(relative(root, join(dir, entry.name)).split(sep).join('/'));
    }
  };
  visit(root);
  return out.sort();
}

/** node:crypto sha256, as the adapter injects it. */
export function nodeHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Reads the candidate files of a corpus into SourceFiles. */
export function readSources(root: string, paths: readonly string[]): SourceFile[] {
  return paths.filter(isCandidatePath).map((path) => {
    const abs = join(root, path);
    const buf = readFileSync(abs);
    return { path, text: buf.toString('utf8'), bytes: buf.length, modifiedAtMs: null, contentHash: createHash('sha256').update(buf).digest('hex') };
  });
}

/** The outcome of scanning one corpus. */
export interface CorpusScan {
  lens: LensDecision;
  records: FileRecord[];
  result: ScanResult;
  sources: SourceFile[];
}

/** Scans `/work/shared/corpora/<name>` with the kernel (lens detection, per-file stage, graph stage). */
export function scanCorpus(name: string, settings: ScanSettings = {}): CorpusScan {
  const root = join(CORPORA_DIR, name);
  statSync(root);
  const paths = walk(root);
  const lens = detectLens(paths, settings);
  const ctx = createFileContext(lens, settings, { hash: nodeHash });
  const sources = readSources(root, paths);
  const records = sources.map((f) => analyzeFile(f, ctx));
  const result = buildGraph(records, { lens, settings, existingPaths: new Set(paths), filesWalked: paths.length });
  return { lens, records, result, sources };
}
