// Message validation and dispatch for one connection (spec table 4.3), with error mapping in one place.
import { hasOwn, isPlainObject } from '@skillstate/core';
import { classifyRequest, encodeModernResult, envelopeVersion } from './era.js';
import { toRpcError } from './errors.js';
import { errorLine, isValidId, resultLine, RPC_CODES } from './jsonrpc.js';
import type { JsonRpcId } from './jsonrpc.js';
import { DEFERRED, methodFor } from './methods.js';
import type { MethodCall, ServerDeps } from './methods.js';

/** What one inbound line makes the server send: its response (if any), then any notifications. */
export interface Outgoing {
  response: string | null;
  extra: string[];
}

const NOTHING: Outgoing = { response: null, extra: [] };

function reply(response: string): Outgoing {
  return { response, extra: [] };
}

function invalidRequest(id: JsonRpcId, message = 'Invalid Request'): Outgoing {
  return reply(errorLine(id, { code: RPC_CODES.INVALID_REQUEST, message }));
}

/**
 * Serves one connection: validates each message, classifies its era, runs its method and serialises the
 * answer. Also remembers what the connection did: whether it went modern, and whether it was only ever
 * probed with `server/discover` (the disposable sibling a v2 SDK client spawns to pick the era).
 */
export class Connection {
  readonly #deps: ServerDeps;
  #modern = false;
  #discoverOnly: boolean | null = null;
  #negotiated: string | undefined;

  constructor(deps: ServerDeps) {
    this.#deps = deps;
  }

  /** True once a valid 2026-07-28 request arrived: from then on, requests must carry the envelope. */
  get isModern(): boolean {
    return this.#modern;
  }

  /**
   * The revision this connection settled on: what its `initialize` answered, or the envelope revision of its
   * first 2026-era request (a `server/discover` probe does not count). Undefined until then.
   */
  get negotiatedProtocolVersion(): string | undefined {
    return this.#negotiated;
  }

  /** True when every message so far was a `server/discover` request (and there was at least one). */
  get servedOnlyDiscovery(): boolean {
    return this.#discoverOnly === true;
  }

  /** Processes one line (trimmed here; blank lines are skipped). */
  async processLine(line: string): Promise<Outgoing> {
    const text = line.trim();
    if (text === '') return NOTHING;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      this.#discoverOnly = false;
      return reply(errorLine(null, { code: RPC_CODES.PARSE_ERROR, message: 'Parse error' }));
    }
    return this.processMessage(message);
  }

  /** Answers a line that outgrew the framing limit before its newline arrived. */
  overflow(limit: number): Outgoing {
    this.#discoverOnly = false;
    return reply(
      errorLine(null, {
        code: RPC_CODES.PARSE_ERROR,
        message: `Parse error: message exceeds ${limit} bytes without a newline; discarded up to the next newline`,
      }),
    );
  }

  /** Processes one parsed message. */
  async processMessage(message: unknown): Promise<Outgoing> {
    const isDiscover =
      isPlainObject(message) && message['method'] === 'server/discover' && hasOwn(message, 'id');
    this.#discoverOnly = isDiscover && this.#discoverOnly !== false;
    if (!isPlainObject(message)) return invalidRequest(null);
    const hasId = hasOwn(message, 'id');
    if (hasId && !isValidId(message['id'])) return invalidRequest(null);
    const id = hasId ? (message['id'] as JsonRpcId) : null;
    const method = message['method'];
    if (typeof method !== 'string' || method === '') return invalidRequest(id);
    if (method.startsWith('notifications/')) {
      if (hasId) return invalidRequest(id, 'Invalid Request: notifications must not include an id');
      return { response: null, extra: this.#notification(method, message['params']) };
    }
    // A request without an id is a notification by JSON-RPC rules: never answered, even when unknown.
    if (!hasId) return NOTHING;
    return this.#request(id, method, message['params']);
  }

  async #negotiate(version: unknown): Promise<void> {
    if (typeof version !== 'string' || version === this.#negotiated) return;
    this.#negotiated = version;
    await this.#deps.negotiated(version);
  }

  #notification(method: string, params: unknown): string[] {
    if (method === 'notifications/cancelled') this.#deps.subscriptions.cancel(params);
    return [];
  }

  async #request(id: JsonRpcId, method: string, params: unknown): Promise<Outgoing> {
    const extra: string[] = [];
    try {
      const era = classifyRequest(params, this.#modern);
      if (era === 'modern') this.#modern = true;
      const entry = methodFor(method, era);
      const call: MethodCall = { id, era, params, extra };
      const result = await entry.handle(call, this.#deps);
      // Awaited (once per session): the sidecar names the revision before the client hears back.
      if (method === 'initialize' && result !== DEFERRED) await this.#negotiate(result['protocolVersion']);
      else if (era === 'modern' && method !== 'server/discover')
        await this.#negotiate(envelopeVersion(params));
      if (result === DEFERRED) return { response: null, extra };
      const body = era === 'modern' ? encodeModernResult(method, result, this.#deps.serverInfo) : result;
      return { response: resultLine(id, body), extra };
    } catch (err) {
      return { response: errorLine(id, toRpcError(err)), extra };
    }
  }
}
