// A generated project (bench/scan/generate.mjs) scanned once by the built `sm`, as an editor or a terminal finds a
// project that was scanned before: the benches that time one edit start from it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateProject } from '../scan/generate.mjs';

/** The built `sm` bin. */
export const BIN = fileURLToPath(new URL('../../packages/skill-map/bin/sm.js', import.meta.url));

/**
 * Writes about `nodes` nodes into a temp folder and runs `sm scan --json` there; answers the folder, the ScanResult,
 * the environment the bench's children run with (no colour) and `remove()`.
 */
export function scannedProject(name, nodes) {
  const root = mkdtempSync(join(tmpdir(), `sm-bench-${name}-`));
  try {
    generateProject(root, nodes);
    const env = { ...process.env, NO_COLOR: '1' };
    const first = spawnSync(process.execPath, [BIN, 'scan', '--json'], {
      cwd: root,
      env,
      maxBuffer: 1 << 30,
    });
    if (first.status !== 0 && first.status !== 1)
      throw new Error(`sm scan exited ${first.status}: ${first.stderr}`);
    const scan = JSON.parse(first.stdout.toString());
    return { root, scan, env, remove: () => rmSync(root, { recursive: true, force: true }) };
  } catch (err) {
    rmSync(root, { recursive: true, force: true });
    throw err;
  }
}
