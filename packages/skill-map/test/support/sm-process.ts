// Cross-process test support: the BUILT `sm` bin as a child process (the way a user runs it).
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

/** The built `sm` bin. */
export const SM_BIN = fileURLToPath(new URL('../../bin/sm.js', import.meta.url));

/** What one `sm` run produced. */
export interface SmRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `sm <args>` in `cwd` as a child process; `input` is written to its stdin. */
export function sm(cwd: string, args: readonly string[], input?: string): Promise<SmRun> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [SM_BIN, ...args],
      { cwd, env: { ...process.env, NO_COLOR: '1', SM_NO_UPDATE_CHECK: '1' }, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const code = err === null ? 0 : typeof err.code === 'number' ? err.code : -1;
        if (code === -1) reject(err ?? new Error('sm did not run'));
        else resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.end(input ?? '');
  });
}

/** Runs `sm <args> --json`, expecting `code`, and parses stdout. */
export async function smJson<T = Record<string, unknown>>(
  cwd: string,
  args: readonly string[],
  code = 0,
  input?: string,
): Promise<T> {
  const run = await sm(cwd, [...args, '--json'], input);
  if (run.code !== code)
    throw new Error(`sm ${args.join(' ')} exited ${run.code} (wanted ${code}): ${run.stderr}${run.stdout}`);
  return JSON.parse(run.stdout) as T;
}

/** A spawned `sm serve`, with the URL it bound (read from serve.json). */
export interface ServeProcess {
  child: ChildProcess;
  baseUrl: string;
  mcpUrl: string;
  token: string;
  stderr(): string;
  stop(): Promise<void>;
}

/** Spawns `sm serve --port 0 --no-open <args>` in `cwd` and waits for its serve.json. */
export async function spawnServe(cwd: string, args: readonly string[] = []): Promise<ServeProcess> {
  const child = spawn(process.execPath, [SM_BIN, 'serve', '--port', '0', '--no-open', ...args], {
    cwd,
    env: { ...process.env, NO_COLOR: '1', SM_NO_UPDATE_CHECK: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (c: string) => (err += c));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`sm serve exited ${child.exitCode}: ${err}`);
    try {
      const info = JSON.parse(readFileSync(join(cwd, '.skill-map', 'serve.json'), 'utf8')) as {
        host: string;
        port: number;
        token: string;
        pid: number;
      };
      if (info.pid === child.pid) {
        const baseUrl = `http://${info.host}:${info.port}`;
        return {
          child,
          baseUrl,
          mcpUrl: `${baseUrl}/mcp`,
          token: info.token,
          stderr: () => err,
          stop: async () => {
            child.kill('SIGTERM');
            await exited;
          },
        };
      }
    } catch {
      // Not written yet.
    }
    await sleep(50);
  }
  child.kill('SIGKILL');
  throw new Error(`sm serve wrote no serve.json: ${err}`);
}
