// Cross-process support: a spawned `sm serve` found through its serve.json, and `sm` runs that do not block the
// test (a backgrounded `sm jobs claim --wait`). Builds on sm-bin.ts.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { spawnSm } from './sm-bin.js';
import type { BinRun } from './sm-bin.js';

/** `sm <argv>` in `cwd` without blocking; `input` goes to its stdin. */
export function smAsync(cwd: string, argv: readonly string[], input = ''): Promise<BinRun> {
  return finished(spawnSm(argv, { cwd }), input);
}

/** Feeds `input` to a child's stdin and resolves to its exit code and what it printed. */
export function finished(child: ChildProcessWithoutNullStreams, input = ''): Promise<BinRun> {
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  child.stdin.end(input);
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** A spawned `sm serve`, with the URLs it bound (read from its serve.json). */
export interface ServeProcess {
  baseUrl: string;
  mcpUrl: string;
  stderr(): string;
  stop(): Promise<void>;
  /** SIGKILL: the server dies without closing anything (its serve.json stays behind, naming a dead pid). */
  kill(): Promise<void>;
}

/**
 * Waits until the server's watcher is armed (or off): a test that edits a file right after the spawn then reaches
 * the watcher's rescan even on a loaded machine (its first scan of the tree can take seconds there).
 */
async function watcherSettled(baseUrl: string, exited: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !exited(); i++) {
    try {
      const health = (await (await fetch(`${baseUrl}/api/health`)).json()) as {
        watcher?: { state?: string };
      };
      if (health.watcher?.state !== 'starting') return;
    } catch {
      // not answering yet
    }
    await sleep(50);
  }
}

/**
 * Spawns `sm serve --port 0 --no-open <argv>` in `cwd` and waits until its serve.json names it and its watcher is
 * armed. A `--port N` in `argv` wins over the leading `--port 0` (the CLI's last value counts), so a server can be
 * restarted on a port.
 */
export async function spawnServe(cwd: string, argv: readonly string[] = []): Promise<ServeProcess> {
  const child = spawnSm(['serve', '--port', '0', '--no-open', ...argv], { cwd });
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
  child.stdout.resume();
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const infoPath = join(cwd, '.skill-map', 'serve.json');
  for (let i = 0; i < 400; i++) {
    if (child.exitCode !== null) throw new Error(`sm serve exited ${child.exitCode}: ${err}`);
    const info = existsSync(infoPath)
      ? (JSON.parse(readFileSync(infoPath, 'utf8')) as { host: string; port: number; pid: number })
      : null;
    if (info !== null && info.pid === child.pid) {
      const baseUrl = `http://${info.host.includes(':') ? `[${info.host}]` : info.host}:${info.port}`;
      await watcherSettled(baseUrl, () => child.exitCode !== null);
      return {
        baseUrl,
        mcpUrl: `${baseUrl}/mcp`,
        stderr: () => err,
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
        },
        kill: async () => {
          child.kill('SIGKILL');
          await exited;
        },
      };
    }
    await sleep(50);
  }
  child.kill('SIGKILL');
  throw new Error(`sm serve wrote no serve.json: ${err}`);
}
