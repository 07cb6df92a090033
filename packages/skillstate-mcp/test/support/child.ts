// Drives the BUILT bin as a child process over raw stdio, for the cross-process suites.
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The bin under test (it imports ../dist, so the package must be built). */
export const BIN = fileURLToPath(new URL('../../bin/skillstate-mcp.js', import.meta.url));

/** A running server process. */
export interface ServerChild {
  child: ChildProcessWithoutNullStreams;
  /** Every stdout line received so far. */
  lines: string[];
  stderr(): string;
  send(text: string): void;
  /** Resolves once at least `count` stdout lines arrived. */
  waitForLines(count: number, timeoutMs?: number): Promise<string[]>;
  /** Resolves with the exit code and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Environment for a child: no inherited skillstate variables unless given. */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env['SKILLSTATE_SPEC_PATH'];
  delete env['SKILLSTATE_AGENT_ID'];
  return { ...env, ...extra };
}

const running = new Set<ChildProcessWithoutNullStreams>();

/** Kills every child still running (call from afterEach, before removing its directory). */
export async function killAll(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
  running.clear();
}

/** Spawns the bin with `cwd` as its working directory. */
export function spawnServer(cwd: string, env: Record<string, string> = {}): ServerChild {
  const child = spawn(process.execPath, [BIN], { cwd, env: childEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
  running.add(child);
  const lines: string[] = [];
  let rest = '';
  let err = '';
  const waiters: Array<() => void> = [];
  child.stdout.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString('utf8')).split('\n');
    rest = parts.pop() ?? '';
    lines.push(...parts);
    for (const wake of waiters.splice(0)) wake();
  });
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const waitForLines = async (count: number, timeoutMs = 10_000): Promise<string[]> => {
    const deadline = Date.now() + timeoutMs;
    while (lines.length < count) {
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${count} lines; got ${JSON.stringify(lines)}; stderr ${err}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return lines;
  };
  return { child, lines, stderr: () => err, send: (text) => child.stdin.write(text), waitForLines, exited };
}
