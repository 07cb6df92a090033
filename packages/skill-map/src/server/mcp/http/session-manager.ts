import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import type { JSONRPCMessage, JSONRPCRequest, Result } from '@modelcontextprotocol/server';
import { headerValue } from '../../http/loopback-gate.js';
import { SECURITY_HEADERS } from '../../http/security-headers.js';
import type { ServerLogger } from '../../ports.js';
import type { McpServerHandle } from '../create-mcp-server.js';
import type { NotifyTarget } from '../mcp-sink.js';
import { writeJsonRpcError } from './json-rpc-http.js';
import { SessionTransport } from './session-transport.js';
import { createLivenessSweep } from './liveness.js';
import type { LivenessOptions, LivenessSweep, SweepTarget } from './liveness.js';

/** One 2025-era session. */
export interface LegacySession extends SweepTarget {
  readonly id: string;
  readonly transport: SessionTransport;
  readonly handle: McpServerHandle;
  readonly subscriptions: Set<string>;
  readonly createdAt: number;
}

/** Session-manager tunables (defaults are the contract's). */
export interface SessionManagerOptions extends LivenessOptions {
  /** Concurrent sessions; at the cap the OLDEST session is evicted before a new one is admitted. Default 32. */
  maxSessions?: number;
  /** SSE keep-alive comment cadence on GET streams; 0 disables. Default 15 s. */
  keepAliveMs?: number;
}

const acceptsBoth = (accept: string): boolean =>
  accept.includes('*/*') || (accept.includes('application/json') && accept.includes('text/event-stream'));

/** A light structural JSON-RPC check (the protocol core validates params per method). */
function isJsonRpcMessage(m: unknown): m is JSONRPCMessage {
  if (typeof m !== 'object' || m === null || Array.isArray(m)) return false;
  const o = m as Record<string, unknown>;
  if (o['jsonrpc'] !== '2.0') return false;
  const idOk = typeof o['id'] === 'string' || typeof o['id'] === 'number';
  if (typeof o['method'] === 'string') return o['id'] === undefined || idOk;
  return idOk && ('result' in o || 'error' in o);
}

/** A `tools/call` request whose params carry no `_meta` (what the direct path may answer). */
function isPlainToolCall(m: JSONRPCMessage): m is JSONRPCRequest {
  if (!('method' in m) || m.method !== 'tools/call' || !('id' in m)) return false;
  const params = m.params;
  return params === undefined || params['_meta'] === undefined;
}

/**
 * Stateful 2025-era sessions over the lean transport: routing (404 unknown session, 400 missing id,
 * 406/409/415 per the Streamable HTTP rules), the session cap with oldest eviction, the liveness sweep,
 * and fan-out of server notifications to sessions.
 */
export class SessionManager implements NotifyTarget {
  private readonly sessions = new Map<string, LegacySession>();
  private readonly maxSessions: number;
  private readonly keepAlive: NodeJS.Timeout | null;
  readonly liveness: LivenessSweep<LegacySession>;

  constructor(
    private readonly makeServer: (subscriptions: Set<string>) => McpServerHandle,
    private readonly logger: ServerLogger,
    options: SessionManagerOptions = {},
    /**
     * Serves a plain `tools/call` (no `_meta`: no progress token, no envelope) without the protocol core.
     * Must run the same dispatch as the core's handler (`runToolCall`); it only skips the core's generic
     * per-message work (schema checks, an AbortController, context objects), which on a hot map tool costs
     * more than the tool itself and keeps the young generation busy.
     */
    private readonly directToolCall?: (params: unknown, signal: AbortSignal) => Promise<Result>,
  ) {
    this.maxSessions = Math.max(1, options.maxSessions ?? 32);
    this.liveness = createLivenessSweep(
      () => [...this.sessions.values()],
      (s) => this.drop(s, 'reaped'),
      options,
    );
    const keepAliveMs = options.keepAliveMs ?? 15_000;
    this.keepAlive =
      keepAliveMs > 0 ? setInterval(() => this.forEach((s) => s.transport.keepAlive()), keepAliveMs) : null;
    this.keepAlive?.unref();
  }

  /** Number of tracked sessions (NOT evidence of attached clients; see `liveness`). */
  size(): number {
    return this.sessions.size;
  }

  forEach(fn: (session: LegacySession) => void): void {
    for (const s of this.sessions.values()) fn(s);
  }

  /** POST /mcp (2025 era); `body` is the parsed JSON. */
  handlePost(req: IncomingMessage, res: ServerResponse, body: unknown): void {
    if (!acceptsBoth(headerValue(req.headers, 'accept') ?? '')) {
      return writeJsonRpcError(
        res,
        406,
        -32000,
        'Not Acceptable: Client must accept both application/json and text/event-stream',
      );
    }
    const batch = Array.isArray(body);
    const messages: unknown[] = batch ? body : [body];
    if (messages.length === 0 || messages.length > 100 || !messages.every(isJsonRpcMessage)) {
      return writeJsonRpcError(res, 400, -32600, 'Invalid Request: the body is not a valid JSON-RPC message');
    }
    const init = messages.find((m) => 'method' in m && m.method === 'initialize' && 'id' in m);
    const sessionId = headerValue(req.headers, 'mcp-session-id');
    if (init !== undefined) {
      if (messages.length > 1)
        return writeJsonRpcError(
          res,
          400,
          -32600,
          'Invalid Request: Only one initialization request is allowed',
        );
      if (sessionId !== undefined) {
        const known = this.sessions.has(sessionId);
        return writeJsonRpcError(
          res,
          known ? 400 : 404,
          known ? -32600 : -32001,
          known ? 'Invalid Request: Server already initialized' : 'Session not found',
        );
      }
      return this.open(res, messages, batch);
    }
    const session = this.lookup(req, res);
    if (session === null) return;
    const only = messages[0];
    if (!batch && this.directToolCall !== undefined && only !== undefined && isPlainToolCall(only)) {
      const direct = this.directToolCall;
      return session.transport.answerDirect(res, only.id, (signal) => direct(only.params, signal));
    }
    session.transport.handlePost(res, messages, batch);
  }

  /** GET /mcp: the session's server → client SSE stream (one at a time). */
  handleGet(req: IncomingMessage, res: ServerResponse): void {
    if (!(headerValue(req.headers, 'accept') ?? '').includes('text/event-stream')) {
      return writeJsonRpcError(res, 406, -32000, 'Not Acceptable: Client must accept text/event-stream');
    }
    const session = this.lookup(req, res);
    if (session === null) return;
    if (!session.transport.openStandalone(res))
      writeJsonRpcError(res, 409, -32000, 'Conflict: Only one SSE stream is allowed per session');
  }

  /** DELETE /mcp: ends the session (200); later use of its id is a 404. */
  handleDelete(req: IncomingMessage, res: ServerResponse): void {
    const session = this.lookup(req, res);
    if (session === null) return;
    this.drop(session, 'deleted');
    res.writeHead(200, { ...SECURITY_HEADERS }).end();
  }

  /** `resources/list_changed` to every session. */
  listChanged(): void {
    this.forEach((s) => void s.handle.server.sendResourceListChanged().catch(() => undefined));
  }

  /** `resources/updated` to the sessions subscribed to `uri` only. */
  updated(uri: string): void {
    this.forEach((s) => {
      if (s.subscriptions.has(uri)) void s.handle.server.sendResourceUpdated({ uri }).catch(() => undefined);
    });
  }

  /** `resources/updated` for each subscribed URI under `prefix`, per session. */
  updatedUnder(prefix: string): void {
    this.forEach((s) => {
      for (const uri of s.subscriptions)
        if (uri.startsWith(prefix)) void s.handle.server.sendResourceUpdated({ uri }).catch(() => undefined);
    });
  }

  /** Closes every session and stops the timers (server shutdown). */
  async close(): Promise<void> {
    if (this.keepAlive !== null) clearInterval(this.keepAlive);
    this.liveness.stop();
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(all.map((s) => s.handle.close().catch(() => undefined)));
  }

  private open(res: ServerResponse, messages: JSONRPCMessage[], batch: boolean): void {
    while (this.sessions.size >= this.maxSessions) {
      const oldest = this.sessions.values().next().value;
      if (oldest === undefined) break;
      this.drop(oldest, 'evicted');
    }
    const id = randomUUID();
    const subscriptions = new Set<string>();
    const transport = new SessionTransport(id);
    const handle = this.makeServer(subscriptions);
    const now = this.liveness.now();
    const session: LegacySession = {
      id,
      transport,
      handle,
      subscriptions,
      createdAt: now,
      lastSeen: now,
      missedSince: null,
      misses: 0,
    };
    transport.onclose = () => {
      if (this.sessions.get(id) === session) this.sessions.delete(id);
    };
    this.sessions.set(id, session);
    handle.server
      .connect(transport)
      .then(() => transport.handlePost(res, messages, batch))
      .catch((err: unknown) => {
        this.logger.error('could not start an MCP session', err);
        this.drop(session, 'failed');
        writeJsonRpcError(res, 500, -32603, 'Internal server error');
      });
  }

  private lookup(req: IncomingMessage, res: ServerResponse): LegacySession | null {
    const id = headerValue(req.headers, 'mcp-session-id');
    if (id === undefined || id === '') {
      writeJsonRpcError(res, 400, -32000, 'Bad Request: Mcp-Session-Id header is required');
      return null;
    }
    const session = this.sessions.get(id);
    if (session === undefined) {
      writeJsonRpcError(res, 404, -32001, 'Session not found');
      return null;
    }
    const version = headerValue(req.headers, 'mcp-protocol-version');
    if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
      writeJsonRpcError(
        res,
        400,
        -32000,
        `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
      );
      return null;
    }
    session.lastSeen = this.liveness.now(); // a routed request: the session is not silent
    return session;
  }

  private drop(session: LegacySession, why: 'deleted' | 'evicted' | 'reaped' | 'failed'): void {
    if (this.sessions.get(session.id) !== session) return;
    this.sessions.delete(session.id);
    if (why !== 'deleted') this.logger.info(`MCP session ${session.id.slice(0, 8)} ${why}`);
    void session.handle.close().catch(() => undefined);
  }
}
