// How the runner starts the implementation: one invocation at a time or several at once (invoke.parallel), each
// killed after the time limit; and the long-running helpers of a case (its server, its static file server).
import { spawn, type ChildProcess } from 'node:child_process';
import type { Invocation, InvokeSpec } from './types.js';

/** How the implementation is started: `command` with `prefix` arguments before the case's own. */
export interface Implementation {
  readonly command: string;
  readonly prefix: readonly string[];
  /** Milliseconds one invocation may take before it is killed and the case fails. */
  readonly timeoutMs: number;
}

/** `{{name}}` in an argument, replaced by what a prior invoke captured (left as written when nothing was). */
export const fill = (arg: string, vars: ReadonlyMap<string, string>): string =>
  arg.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => vars.get(name) ?? whole);

/** The argument vector of an invoke (captured values filled into args and flags, never into verb or sub). */
export function argvOf(
  spec: InvokeSpec,
  extra: readonly string[],
  vars: ReadonlyMap<string, string>,
): string[] {
  return [
    spec.verb,
    ...(spec.sub === undefined ? [] : [spec.sub]),
    ...(spec.args ?? []).map((a) => fill(a, vars)),
    ...(spec.flags ?? []).map((a) => fill(a, vars)),
    ...extra,
  ];
}

/** Runs the implementation once with `argv` in `cwd`; resolves with its exit code and output. */
export function runOnce(
  impl: Implementation,
  argv: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<Invocation> {
  return new Promise((resolve) => {
    const child = spawn(impl.command, [...impl.prefix, ...argv], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, impl.timeoutMs);
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    const finish = (exitCode: number | null, problem = ''): void => {
      clearTimeout(timer);
      resolve({
        exitCode,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: `${Buffer.concat(err).toString('utf8')}${problem}${
          timedOut ? `\n[conformance] killed after ${impl.timeoutMs} ms` : ''
        }`,
      });
    };
    child.on('error', (e) => finish(null, `\n[conformance] could not start: ${e.message}`));
    child.on('close', (code) => finish(timedOut ? null : code));
  });
}

/** Background children still running: killed when this process exits, so none outlives a run cut short. */
const running = new Set<ChildProcess>();
let reaping = false;

/**
 * Starts a long-running invocation (the case's server); the caller stops it. Should the run end first (a test timed
 * out, the runner failed), it is killed when this process exits.
 */
export function startBackground(
  impl: Implementation,
  argv: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; output: () => string } {
  const child = spawn(impl.command, [...impl.prefix, ...argv], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('close', () => running.delete(child));
  if (!reaping) {
    reaping = true;
    process.once('exit', () => {
      for (const c of running) c.kill('SIGKILL');
    });
  }
  const chunks: Buffer[] = [];
  child.stdout?.on('data', (b: Buffer) => chunks.push(b));
  child.stderr?.on('data', (b: Buffer) => chunks.push(b));
  child.on('error', () => undefined);
  return { child, output: () => Buffer.concat(chunks).toString('utf8') };
}

/** Stops a background child and waits until it is gone. */
export function stopBackground(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const hard = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('close', () => {
      clearTimeout(hard);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Waits `ms` milliseconds. */
export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
