// Starts a registered server command the way a host does and completes the MCP `initialize` handshake with it.
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';

/** A command as a host config registers it. */
export interface ProbeTarget {
  command: string;
  args: string[];
  /** The entry's own environment, added to the caller's. */
  env: Record<string, string>;
}

/** What starting the command showed. */
export type ProbeOutcome =
  { starts: true; server: string; protocolVersion: string } | { starts: false; reason: string };

/** Where and how long to probe. */
export interface ProbeOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
}

/** The 2025-era revision the probe asks for: every MCP server of that era answers it. */
export const PROBE_PROTOCOL_VERSION = '2025-06-18';
/** How long a server that answered may take to exit after its input closes, before it is killed. */
const EXIT_GRACE_MS = 2000;
/** Output kept from a misbehaving child: enough for a message, bounded whatever it writes. */
const KEEP_BYTES = 64 * 1024;

/** After the answer: the end of the handshake, then a ping only a server that is really serving answers. */
const INITIALIZED_AND_PING =
  '{"jsonrpc":"2.0","method":"notifications/initialized"}\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n';

const INITIALIZE = `${JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: PROBE_PROTOCOL_VERSION,
    capabilities: {},
    clientInfo: { name: 'skillstate-status', version: '1' },
  },
})}\n`;

function lastLine(text: string): string {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const line = lines.at(-1)?.trim() ?? '';
  return line === '' ? '' : ` (it printed: ${line.slice(0, 300)})`;
}

function spawnFailure(err: NodeJS.ErrnoException, command: string): string {
  const isPath = command.includes('/') || command.includes('\\');
  if (err.code === 'ENOENT')
    return isPath ? `${command} does not exist` : `${command} was not found on the PATH`;
  if (err.code === 'EACCES') return `${command} is not executable`;
  return `${command} could not be started: ${err.message}`;
}

interface RpcReply {
  id?: unknown;
  result?: Record<string, unknown>;
  error?: { message?: unknown };
}

/** What one stdout line says: a reply to one of our requests, or a failure (not JSON-RPC at all). */
function parseReply(line: string): RpcReply | ProbeOutcome {
  try {
    return JSON.parse(line) as RpcReply;
  } catch {
    return { starts: false, reason: `wrote something other than JSON-RPC to stdout: ${line.slice(0, 120)}` };
  }
}

/** The server an `initialize` answer describes, or why that answer is a failure. */
function initialized(reply: RpcReply): ProbeOutcome {
  if (reply.error !== undefined) {
    return { starts: false, reason: `answered initialize with an error: ${String(reply.error.message)}` };
  }
  const info = (reply.result?.['serverInfo'] ?? {}) as { name?: unknown; version?: unknown };
  const version = reply.result?.['protocolVersion'];
  if (typeof version !== 'string') {
    return { starts: false, reason: 'answered initialize without a protocolVersion' };
  }
  return { starts: true, server: `${String(info.name)} ${String(info.version)}`, protocolVersion: version };
}

/** Ends a child we started: its input closed, then SIGKILL if it has not exited after the grace (or at once). */
function stop(child: ChildProcessWithoutNullStreams, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return resolve();
    const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('close', () => {
      clearTimeout(kill);
      resolve();
    });
    child.stdin.end();
  });
}

/** One running probe: the child, what it printed, and how far the handshake got. */
class Probe {
  readonly #child: ChildProcessWithoutNullStreams;
  readonly #resolve: (outcome: ProbeOutcome) => void;
  readonly #timer: NodeJS.Timeout;
  #done = false;
  #stdout = '';
  #stderr = '';
  #answered: ProbeOutcome | undefined;

  constructor(target: ProbeTarget, options: ProbeOptions, resolve: (outcome: ProbeOutcome) => void) {
    this.#resolve = resolve;
    const env = { ...options.env, ...target.env, SKILLSTATE_PROBE: '1' };
    this.#child = spawn(target.command, target.args, {
      cwd: options.cwd,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const seconds = Math.round(options.timeoutMs / 100) / 10;
    this.#timer = setTimeout(
      () => this.#fail(`no answer to ${this.#awaited()} within ${seconds} s`),
      options.timeoutMs,
    );
    this.#child.on('error', (err) =>
      this.#finish({ starts: false, reason: spawnFailure(err, target.command) }, 0),
    );
    this.#child.on('close', (code, signal) => {
      const how = code !== null ? `with code ${code}` : `on ${String(signal)}`;
      this.#fail(`exited ${how} before answering ${this.#awaited()}`);
    });
    this.#child.stderr.on('data', (chunk: Buffer) => {
      this.#stderr = (this.#stderr + chunk.toString('utf8')).slice(-KEEP_BYTES);
    });
    this.#child.stdout.on('data', (chunk: Buffer) => this.#onStdout(chunk));
    // A child that died before reading its input makes this write fail (EPIPE); `close` reports it.
    this.#child.stdin.on('error', () => undefined);
    this.#child.stdin.write(INITIALIZE);
  }

  #awaited(): string {
    return this.#answered === undefined ? 'initialize' : 'a ping after initialize';
  }

  #onStdout(chunk: Buffer): void {
    const lines = (this.#stdout + chunk.toString('utf8')).slice(-KEEP_BYTES).split('\n');
    this.#stdout = lines.pop() ?? '';
    for (const line of lines.filter((l) => l.trim() !== '')) {
      const reply = parseReply(line);
      if ('starts' in reply) return this.#finish(reply, 0);
      if (reply.id === 2 && this.#answered !== undefined) return this.#finish(this.#answered, EXIT_GRACE_MS);
      if (reply.id !== 1 || this.#answered !== undefined) continue;
      this.#answered = initialized(reply);
      if (!this.#answered.starts) return this.#finish(this.#answered, 0);
      this.#child.stdin.write(INITIALIZED_AND_PING);
    }
  }

  #fail(reason: string): void {
    this.#finish({ starts: false, reason: `${reason}${lastLine(this.#stderr)}` }, 0);
  }

  #finish(outcome: ProbeOutcome, graceMs: number): void {
    if (this.#done) return;
    this.#done = true;
    clearTimeout(this.#timer);
    void stop(this.#child, graceMs).then(() => this.#resolve(outcome));
  }
}

/**
 * Starts `target` in `cwd` and completes the handshake (`initialize`, its answer, `notifications/initialized`),
 * then waits for the answer to a `ping`, all within `timeoutMs`: a server that answers `initialize` early and
 * then fails to load (an unusable spec) does not count as starting. The child runs with `SKILLSTATE_PROBE=1`,
 * so a skillstate server records no session for it, and it is always ended before this resolves.
 * Security: this runs whatever the config registers, as the host would when it opens the project.
 */
export function probeServer(target: ProbeTarget, options: ProbeOptions): Promise<ProbeOutcome> {
  return new Promise((resolve) => {
    try {
      void new Probe(target, options, resolve);
    } catch (err) {
      // spawn throws synchronously only for arguments it cannot pass at all (a NUL byte in a word).
      resolve({ starts: false, reason: `${target.command} could not be started: ${(err as Error).message}` });
    }
  });
}
