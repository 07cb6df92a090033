// McpServer: one stdio connection of the skillstate MCP server, usable line by line, chunk by chunk, or on
// streams.
import { redactSecrets } from '@skillstate/core';
import type { SkillSpec, TokenTracker } from '@skillstate/core';
import { ActivityTracker } from './activity.js';
import { Connection } from './dispatch.js';
import type { Outgoing } from './dispatch.js';
import { DEFAULT_MAX_LINE_BYTES, LineBuffer } from './framing.js';
import { SERVER_INFO } from './handshake.js';
import type { ServerDeps } from './methods.js';
import { PROTOCOL_VERSION } from './protocol.js';
import { resolveAgentId, StateAccess } from './state-access.js';
import { Subscriptions } from './subscriptions.js';
import { registerTools, toolsFor } from './tools/registry.js';

/** Options of {@link McpServer}. */
export interface McpServerOptions {
  /** The procedural spec whose schema validates every patch. */
  spec: SkillSpec;
  /** The state directory (inert until it exists). */
  root: string;
  /** The state file name inside `root`. */
  name: string;
  /** Default agent scope; '' (the default) is the main agent. Must not sanitise to nothing. */
  agent?: string;
  /** Enables state.metrics, which is listed only when a tracker is given. */
  tracker?: TokenTracker;
  /** Clock (tests and embedders). Defaults to the system clock. */
  now?: () => Date;
  /** Longest accepted line in bytes. Defaults to 16 MiB. */
  maxLineBytes?: number;
  /**
   * True keeps credential-shaped strings in clear in the files the server writes. Default false: state,
   * checkpoints, baselines and sidecars are redacted on write, as every output is.
   */
  keepSecrets?: boolean;
}

/** What the server reads from: anything that emits `data` chunks (a Readable, or the bin's handshake relay). */
export interface InputSource {
  on(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
  off(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
}

/** What the lifecycle code needs from a server, kept out of the public class surface. */
export interface ServerInternals {
  readonly deps: ServerDeps;
  readonly connection: Connection;
  /** Resolves once every chunk received so far has been processed and written. */
  drain(): Promise<void>;
  /** Run by {@link McpServer.stop} (e.g. to remove a signal handler launch installed). */
  readonly onStop: Array<() => void>;
}

const internals = new WeakMap<McpServer, ServerInternals>();

/** The lifecycle view of a server (not part of the public API). */
export function internalsOf(server: McpServer): ServerInternals {
  const found = internals.get(server);
  if (found === undefined) throw new Error('not an McpServer');
  return found;
}

/**
 * The skillstate MCP server: newline-delimited JSON-RPC 2.0, both protocol eras, 13 tools (14 with a token
 * tracker) and 3 resources over one state directory. Messages are processed one at a time, and responses leave in arrival order.
 */
export class McpServer {
  /** The newest protocol revision this server speaks. */
  readonly protocolVersion: string = PROTOCOL_VERSION;
  readonly #connection: Connection;
  readonly #buffer: LineBuffer;
  #input: InputSource | null = null;
  #output: NodeJS.WritableStream | null = null;
  #chain: Promise<void> = Promise.resolve();
  readonly #onStop: Array<() => void> = [];
  readonly #onData = (chunk: Buffer | string): void => {
    this.#chain = this.#chain
      .then(async () => this.#write(await this.feed(chunk)))
      .catch((err: unknown) => {
        // Not reachable through the protocol (every error becomes a response); kept so one bug cannot stall
        // every later response. stderr only: stdout carries the protocol.
        process.stderr.write(
          redactSecrets(
            `skillstate-mcp: internal error: ${err instanceof Error ? err.message : String(err)}\n`,
          ),
        );
      });
  };
  readonly #onOutputError = (): void => this.stop();

  /** Throws `Invalid agent id` when a non-empty `agent` sanitises to nothing. */
  constructor(options: McpServerOptions) {
    const agent = options.agent !== undefined && options.agent !== '' ? resolveAgentId(options.agent) : '';
    const clock = options.now ?? (() => new Date());
    const state = new StateAccess({
      root: options.root,
      name: options.name,
      agent,
      schema: options.spec.schema,
      keepSecrets: options.keepSecrets === true,
    });
    const deps: ServerDeps = {
      beforeToolCall: () => Promise.resolve(),
      negotiated: () => Promise.resolve(),
      negotiatedVersion: () => this.#connection.negotiatedProtocolVersion,
      spec: options.spec,
      state,
      tools: registerTools(toolsFor(options.tracker !== undefined)),
      activity: new ActivityTracker(() => clock().getTime(), undefined, state.storage),
      tracker: options.tracker,
      subscriptions: new Subscriptions(),
      serverInfo: SERVER_INFO,
      now: clock,
    };
    this.#connection = new Connection(deps);
    this.#buffer = new LineBuffer(options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES);
    internals.set(this, {
      deps,
      connection: this.#connection,
      drain: () => this.#chain,
      onStop: this.#onStop,
    });
  }

  /**
   * Processes one already-framed JSON-RPC message and returns its response line (without a newline), or null
   * when there is none. Notifications it causes go to the output stream when the server is started.
   */
  async handleLine(line: string): Promise<string | null> {
    const out = await this.#connection.processLine(line);
    if (out.extra.length > 0) this.#write(out.extra.map((l) => `${l}\n`));
    return out.response;
  }

  /**
   * Consumes a chunk of a newline-delimited stream (partial lines are buffered) and returns every line to
   * send, each ending in a newline: responses in arrival order, each followed by the notifications it caused.
   */
  async feed(chunk: string | Uint8Array): Promise<string[]> {
    const lines: string[] = [];
    for (const event of this.#buffer.push(chunk)) {
      const out: Outgoing =
        event.kind === 'line'
          ? await this.#connection.processLine(event.line)
          : this.#connection.overflow(event.limit);
      if (out.response !== null) lines.push(`${out.response}\n`);
      for (const extra of out.extra) lines.push(`${extra}\n`);
    }
    return lines;
  }

  /** Serves `input` and writes to `output` (stdin and stdout by default) until {@link stop}. */
  start(
    input: InputSource = process.stdin,
    output: NodeJS.WritableStream = process.stdout,
  ): Promise<McpServer> {
    if (this.#input !== null) return Promise.resolve(this);
    this.#input = input;
    this.#output = output;
    output.on('error', this.#onOutputError);
    input.on('data', this.#onData);
    return Promise.resolve(this);
  }

  /** Stops reading input. Responses already being processed are still written. */
  stop(): void {
    this.#input?.off('data', this.#onData);
    this.#input = null;
    for (const hook of this.#onStop.splice(0)) hook();
  }

  /** True between {@link start} and {@link stop}. */
  get isRunning(): boolean {
    return this.#input !== null;
  }

  #write(lines: string[]): void {
    if (lines.length > 0 && this.#output !== null) this.#output.write(lines.join(''));
  }
}
