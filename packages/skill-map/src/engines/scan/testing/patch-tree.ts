// Test support only: the temp projects the in-place patch suites edit, and their shared assertion.
import { utimesSync, writeFileSync } from 'node:fs';
import { expect } from 'vitest';
import { createTempTree } from '../../../adapters/testing/temp-tree.js';
import type { TempTree } from '../../../adapters/testing/temp-tree.js';
import { runScan } from '../scan-engine.js';
import type { ScanOutcome } from '../scan-types.js';
import { fullScanRows, rowFacts } from './row-facts.js';

const OLD = 1.7e9;

/** A temp project holding `files`, each with the same old mtime (a scan trusts their stat facts). */
export function stableTree(prefix: string, files: Readonly<Record<string, string>>): TempTree {
  const tree = createTempTree(prefix);
  tree.write({ ...files });
  for (const path of Object.keys(files)) utimesSync(tree.abs(path), OLD, OLD);
  return tree;
}

/** Rewrites `path` with `text`, its mtime moved past the tree's by `n` seconds (edit number `n`). */
export function rewriteAt(tree: TempTree, path: string, text: string, n: number): void {
  writeFileSync(tree.abs(path), text);
  utimesSync(tree.abs(path), OLD + n, OLD + n);
}

/** The scan these suites run: summary only, every mtime outside the racy window. */
export const patchScan = (tree: TempTree): Promise<ScanOutcome> =>
  runScan({ projectRoot: tree.root, summaryOnly: true, racyWindowMs: -60_000 });

/** `out` patched the stored scan in place, and the rows are a full scan's of a copy. */
export async function expectPatchedLikeFull(tree: TempTree, label: string, out: ScanOutcome): Promise<void> {
  expect({ label, patched: out.patchedInPlace, reason: out.fullBuildReason }).toEqual({
    label,
    patched: true,
    reason: null,
  });
  expect(rowFacts(tree.root), label).toEqual(await fullScanRows(tree.root));
}
