import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A throwaway directory under `os.tmpdir()` for one test (test support only). */
export interface TempTree {
  readonly root: string;
  /** Writes files given as `{ 'rel/path.md': 'text' }`, creating parent directories. */
  write(files: Record<string, string | Buffer>): void;
  abs(rel: string): string;
  remove(): void;
}

/** Creates a temp tree; call `remove()` in `afterEach`. */
export function createTempTree(prefix = 'sm-test-'): TempTree {
  const root = mkdtempSync(join(tmpdir(), prefix));
  return {
    root,
    write(files) {
      for (const [rel, content] of Object.entries(files)) {
        const abs = join(root, rel);
        mkdirSync(dirname(abs), { recursive: true });
        writeFileSync(abs, content);
      }
    },
    abs: (rel) => join(root, rel),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/**
 * True when `chmod 000` does not stop this process from reading (root, CAP_DAC_OVERRIDE, some filesystems),
 * so chmod-based tests must skip. Detected by trying it rather than by looking at the uid.
 */
export function permissionsAreBypassed(): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'sm-perm-'));
  const file = join(dir, 'probe');
  try {
    writeFileSync(file, 'x');
    chmodSync(file, 0o000);
    readFileSync(file);
    return true;
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
