// A temporary project folder for the suites that serve it (test support only).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Writes `files` (project-relative path → text) under `root`, making their folders. */
export function writeFiles(root: string, files: Readonly<Record<string, string>>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
}

/** A fresh temporary folder named `prefix…` holding `files`. */
export function projectRoot(prefix: string, files: Readonly<Record<string, string>>): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  writeFiles(root, files);
  return root;
}

/** Closes what a served suite opened (any of them may be missing when its setup failed), then deletes the folder. */
export async function closeServed(
  browser: { close(): Promise<void> } | undefined,
  server: { stop(): Promise<unknown> } | null | undefined,
  root: string | undefined,
): Promise<void> {
  await browser?.close();
  await server?.stop();
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
}
