// Answers the handshake while the server's modules are still loading, so a host's first round trip does not
// wait for them. Only the bin uses this; it imports nothing heavy on purpose.
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

/**
 * The response to `line` when it is a well-formed 2025-era `initialize` request (exactly what the full
 * server would answer), else null.
 */
export function earlyInitializeResponse(line: string): string | null {
  const text = line.trim();
  if (!text.includes('"initialize"')) return null;
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return null;
  const { id, method, params } = message as Record<string, unknown>;
  if (method !== 'initialize' || !Object.prototype.hasOwnProperty.call(message, 'id') || !isValidId(id))
    return null;
  const meta =
    typeof params === 'object' && params !== null ? (params as Record<string, unknown>)['_meta'] : undefined;
  if (typeof meta === 'object' && meta !== null && META_KEYS.protocolVersion in meta) return null;
  return resultLine(id, initializeResult(params));
}

/**
 * What the gate hands to the server: `data` events carrying the relayed bytes, then `end`. Bytes that arrive
 * before the server listens are held and delivered, in order, right after its first `data` listener attaches;
 * from then on every chunk is forwarded in the same tick it arrives.
 */
class Relay extends EventEmitter {
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
 * Starts reading `input` at once. Leading `initialize` lines are answered on `output` immediately; from the
 * first line that is anything else, every byte (that line included) is relayed, in order, to the returned
 * emitter, which the real server then serves.
 */
export function openHandshakeGate(input: Readable, output: Writable): EventEmitter {
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
      const response = earlyInitializeResponse(pending.subarray(0, end).toString('utf8'));
      if (response === null) {
        early = false;
        break;
      }
      output.write(`${response}\n`);
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
