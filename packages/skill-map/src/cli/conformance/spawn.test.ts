// A background child of the conformance runner (a case's `sm serve`) does not outlive the process that started it:
// a run cut short (a test that timed out, a runner that failed) leaves no server behind. Driven in a real child
// process that starts one through the built module and exits without stopping it.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const BUILT = fileURLToPath(new URL('../../../dist/cli/conformance/spawn.js', import.meta.url));

/** Running: the pid exists and is not a zombie (a killed orphan waits there for a reaper that may never come). */
const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true; // no /proc (not Linux): the signal answered, so it runs
  }
};

describe.skipIf(!existsSync(BUILT))('startBackground', () => {
  it('kills what is still running when the process that started it exits', async () => {
    const script = [
      `const { startBackground } = await import(${JSON.stringify(pathToFileURL(BUILT).href)});`,
      'const impl = { command: process.execPath, prefix: [], timeoutMs: 1000 };',
      "const { child } = startBackground(impl, ['-e', 'setInterval(() => {}, 1000)'], process.cwd(), process.env);",
      'await new Promise((r) => setTimeout(r, 300));',
      'process.stdout.write(String(child.pid));',
      'process.exit(0);',
    ].join('\n');
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const pid = Number(run.stdout);
    expect(pid).toBeGreaterThan(0);
    // SIGKILL is delivered at once; the kernel reaps the orphan a moment later.
    for (let i = 0; i < 50 && alive(pid); i++) await new Promise((r) => setTimeout(r, 20));
    expect(alive(pid)).toBe(false);
  });
});
