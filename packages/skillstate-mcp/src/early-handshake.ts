// Answers the handshake (`initialize`, then `tools/list` from the catalog the build wrote) while the server's
// modules are still loading, so a host's first round trips do not wait for them, and holds SIGINT/SIGTERM
// until the server's own handler takes over. Only the bin uses this; it imports nothing heavy on purpose.
import { EventEmitter } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { initializeResult } from './handshake.js';
import { isValidId, resultLine } from './jsonrpc.js';
import { META_KEYS } from './protocol.js';

const NEWLINE = 0x0a;
/**
 * A handshake line is small; anything longer goes straight to the server, whose framing enforces limits.
 * Security: so the gate can never hold an unbounded line while the server loads.
 */
const EARLY_LINE_LIMIT = 64 * 1024;

/** What the gate may answer before the server loads. */
export interface GateOptions {
  /**
   * The `tools` array `tools/list` answers with, exactly as the server lists them (the build writes it to
   * dist/bundle/tools-list.json from the server's own registry). Without it `tools/list` goes to the server.
   */
  tools?: readonly unknown[];
}

/** How the gate treats one complete line. */
type Early =
  { kind: 'answer'; response: string; protocolVersion?: string } | { kind: 'pass' } | { kind: 'stop' };

const STOP: Early = { kind: 'stop' };

function parseObject(text: string): Record<string, unknown> | null {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return null;
  }
  return typeof message === 'object' && message !== null && !Array.isArray(message)
    ? (message as Record<string, unknown>)
    : null;
}

/** True for a 2025-era request: its params carry no modern `_meta` envelope. */
function isLegacy(params: unknown): boolean {
  const meta =
    typeof params === 'object' && params !== null ? (params as Record<string, unknown>)['_meta'] : undefined;
  return !(typeof meta === 'object' && meta !== null && META_KEYS.protocolVersion in meta);
}

/**
 * What the gate does with `line`: answer a well-formed 2025-era `initialize` (and `tools/list`, given the
 * catalog) exactly as the full server would; pass a plain `notifications/initialized` on to the server
 * without leaving the handshake; stop at anything else.
 */
export function earlyLine(line: string, options: GateOptions = {}): Early {
  const text = line.trim();
  if (!text.includes('"initialize"') && !text.includes('"tools/list"') && !text.includes('initialized'))
    return STOP;
  const message = parseObject(text);
  if (message === null) return STOP;
  const { id, method, params } = message;
  const hasId = Object.prototype.hasOwnProperty.call(message, 'id');
  if (method === 'notifications/initialized' && !hasId && message['jsonrpc'] === '2.0')
    return { kind: 'pass' };
  if (!hasId || !isValidId(id) || !isLegacy(params)) return STOP;
  if (method === 'initialize') {
    const result = initializeResult(params);
    return {
      kind: 'answer',
      response: resultLine(id, result),
      protocolVersion: String(result['protocolVersion']),
    };
  }
  if (method === 'tools/list' && options.tools !== undefined) {
    return { kind: 'answer', response: resultLine(id, { tools: options.tools }) };
  }
  return STOP;
}

/**
 * The response to `line` when it is a well-formed 2025-era `initialize` request (exactly what the full
 * server would answer), else null.
 */
export function earlyInitializeResponse(line: string): string | null {
  const early = earlyLine(line);
  return early.kind === 'answer' ? early.response : null;
}

/** The SIGINT/SIGTERM the process received before the server's own handler was installed. */
export interface SignalHold {
  /** Removes the holding listeners; returns the first signal held, or null. */
  release(): NodeJS.Signals | null;
}

/**
 * Installs SIGINT/SIGTERM listeners that only remember the first signal, so one arriving while the server
 * loads no longer kills the process with Node's default action: the server's interrupt handler replays it
 * once installed (launch() does, through `release`). Call it before any input is read.
 */
export function holdSignals(): SignalHold {
  let held: NodeJS.Signals | null = null;
  const hold = (signal: NodeJS.Signals): void => {
    held ??= signal;
  };
  process.on('SIGINT', hold);
  process.on('SIGTERM', hold);
  let installed = true;
  return {
    release() {
      if (installed) {
        installed = false;
        process.off('SIGINT', hold);
        process.off('SIGTERM', hold);
      }
      return held;
    },
  };
}

/**
 * What the gate hands to the server: `data` events carrying the relayed bytes, then `end`. Bytes that arrive
 * before the server listens are held and delivered, in order, right after its first `data` listener attaches;
 * from then on every chunk is forwarded in the same tick it arrives.
 */
export class Relay extends EventEmitter {
  /** The revision the gate's last `initialize` answer negotiated, if it answered one (also emitted as `negotiated`). */
  protocolVersion: string | undefined;
  #held: Buffer[] = [];
  #ended = false;
  #live = false;

  constructor() {
    super();
    this.on('newListener', (event: string) => {
      if (event !== 'data' || this.#live) return;
      this.#live = true;
      process.nextTick(() => {
        for (const chunk of this.#held.splice(0)) this.emit('data', chunk);
        if (this.#ended) this.emit('end');
      });
    });
  }

  push(chunk: Buffer): void {
    if (this.#live && this.#held.length === 0) this.emit('data', chunk);
    else this.#held.push(chunk);
  }

  finish(): void {
    this.#ended = true;
    if (this.#live && this.#held.length === 0) this.emit('end');
  }
}

/**
 * Starts reading `input` at once. Leading handshake lines (see {@link earlyLine}) are answered on `output`
 * immediately; from the first line that is anything else, every byte (that line included) is relayed, in
 * order, to the returned emitter, which the real server then serves.
 */
export function openHandshakeGate(input: Readable, output: Writable, options: GateOptions = {}): Relay {
  const relay = new Relay();
  let pending: Buffer = Buffer.alloc(0);
  let early = true;
  const onData = (chunk: Buffer): void => {
    if (!early) {
      relay.push(chunk);
      return;
    }
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    for (let end = pending.indexOf(NEWLINE); end !== -1; end = pending.indexOf(NEWLINE)) {
      const verdict = earlyLine(pending.subarray(0, end).toString('utf8'), options);
      if (verdict.kind === 'stop') {
        early = false;
        break;
      }
      if (verdict.kind === 'answer') {
        output.write(`${verdict.response}\n`);
        if (verdict.protocolVersion !== undefined) {
          relay.protocolVersion = verdict.protocolVersion;
          relay.emit('negotiated', verdict.protocolVersion);
        }
      } else {
        relay.push(Buffer.from(pending.subarray(0, end + 1)));
      }
      pending = pending.subarray(end + 1);
    }
    if (early && pending.length > EARLY_LINE_LIMIT) early = false;
    if (!early && pending.length > 0) {
      relay.push(pending);
      pending = Buffer.alloc(0);
    }
  };
  input.on('data', onData);
  input.on('end', () => {
    if (pending.length > 0) relay.push(pending);
    relay.finish();
  });
  return relay;
}
