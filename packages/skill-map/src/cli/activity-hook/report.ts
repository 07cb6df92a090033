// `sm activity report`: the hook command a host runs on every matching tool call or prompt. It reads the hook
// payload on stdin, maps it to invocations, and posts them to the project's running `sm serve`. It never blocks or
// fails the host: no server, a stale serve.json, a wrong token, a bad payload all end quietly with exit 0, and it
// never writes to stdout (a host reads a hook's stdout as its answer). The bin reaches this module without loading
// the rest of the CLI (bin/sm.js), so it imports two small siblings only (node:http once there is something to post).
import type { Readable } from 'node:stream';
import { HOOK_HOSTS, invocationsOf } from './payloads.js';
import type { HookHost, Invocation } from './payloads.js';
import { findServeTarget } from './serve-target.js';
import type { ServeTarget } from './serve-target.js';

/** A payload larger than this is not a hook payload worth reading (Claude Code's carry a tool input). */
const MAX_PAYLOAD_BYTES = 1024 * 1024;
/** The host closes stdin once the payload is written; a stdin that stays open this long is given up on. */
const STDIN_TIMEOUT_MS = 1000;
/** The whole POST (connect included) to a loopback server: anything slower is dropped. */
const POST_TIMEOUT_MS = 800;

/** What the report reads of its process (tests pass their own). */
export interface ReportIo {
  stdin: Readable & { isTTY?: boolean };
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
}

/** How one report ended (tests and the bench read it; the hook itself says nothing). */
export type ReportOutcome = 'posted' | 'rejected' | 'nothing-to-report' | 'no-server' | 'unreachable';

function hostOf(argv: readonly string[]): HookHost | null {
  const at = argv.indexOf('--for');
  const raw = at >= 0 ? argv[at + 1] : argv.find((a) => a.startsWith('--for='))?.slice(6);
  const host = raw ?? 'claude';
  return (HOOK_HOSTS as readonly string[]).includes(host) ? (host as HookHost) : null;
}

function readStdin(stdin: ReportIo['stdin']): Promise<string | null> {
  if (stdin.isTTY === true) return Promise.resolve(null);
  return new Promise((done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (text: string | null): void => {
      clearTimeout(timer);
      stdin.removeAllListeners('data');
      stdin.removeAllListeners('end');
      stdin.removeAllListeners('error');
      stdin.on('error', () => {});
      if (text === null) stdin.destroy();
      done(text);
    };
    const timer = setTimeout(() => finish(null), STDIN_TIMEOUT_MS);
    stdin.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_PAYLOAD_BYTES) finish(null);
      else chunks.push(chunk);
    });
    stdin.on('end', () => finish(Buffer.concat(chunks).toString('utf8')));
    stdin.on('error', () => finish(null));
  });
}

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The project folder the host ran the hook for: the host's own variable, the payload's cwd, else ours. */
function projectDir(host: HookHost, payload: unknown, io: ReportIo): string {
  const fromEnv = host === 'claude' ? io.env['CLAUDE_PROJECT_DIR'] : undefined;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  const cwd =
    typeof payload === 'object' && payload !== null ? (payload as { cwd?: unknown }).cwd : undefined;
  return typeof cwd === 'string' && cwd !== '' ? cwd : io.cwd;
}

async function post(target: ServeTarget, events: Invocation[]): Promise<ReportOutcome> {
  const body = JSON.stringify(events.length === 1 ? events[0] : { events });
  const { request } = await import('node:http');
  return new Promise((done) => {
    let settled = false;
    const finish = (outcome: ReportOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      done(outcome);
    };
    const req = request({
      host: target.host,
      port: target.port,
      path: '/api/activity',
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'x-skill-map-token': target.token,
        connection: 'close',
      },
    });
    const timer = setTimeout(() => finish('unreachable'), POST_TIMEOUT_MS);
    req.on('response', (res) => {
      res.resume();
      finish(res.statusCode === 202 ? 'posted' : 'rejected');
    });
    req.on('error', () => finish('unreachable'));
    req.end(body);
  });
}

/**
 * Runs one report. Resolves (never rejects) to how it ended; the caller exits 0 whatever it is. `argv` is what
 * follows `activity report` (`--for claude|codex`; an unknown host reports nothing).
 */
export async function runReport(argv: readonly string[], io: ReportIo): Promise<ReportOutcome> {
  try {
    const host = hostOf(argv);
    const payload = parse(await readStdin(io.stdin));
    if (host === null || payload === null) return 'nothing-to-report';
    const events = invocationsOf(host, payload, Date.now());
    if (events.length === 0) return 'nothing-to-report';
    const target = findServeTarget(projectDir(host, payload, io));
    if (target === null) return 'no-server';
    return await post(target, events);
  } catch {
    return 'nothing-to-report';
  }
}

/** The bin's entry for `sm activity report …`: runs the report on the process streams; exit code stays 0. */
export async function hookMain(argv: readonly string[]): Promise<void> {
  await runReport(argv, { stdin: process.stdin, env: process.env, cwd: process.cwd() });
  process.exitCode = 0;
}
