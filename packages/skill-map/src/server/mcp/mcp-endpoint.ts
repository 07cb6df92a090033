import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  classifyInboundRequest,
  createMcpHandler,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/server';
import type { ActivityStore } from '../activity/activity-store.js';
import { ServerError } from '../errors.js';
import type { McpMount } from '../http/app-context.js';
import { checkLoopbackRequest, gateRequestOf, headerValue } from '../http/loopback-gate.js';
import type { ServerLogger } from '../ports.js';
import type { EngineContext } from '../../engines/context.js';
import { registerOperableTools } from './tools/register-operable-tools.js';
import type { MapReader } from '../read/map-reader.js';
import type { Broadcaster } from '../ws/broadcaster.js';
import { createMcpServer } from './create-mcp-server.js';
import { readableId, writeJsonRpcError, writeRestError } from './http/json-rpc-http.js';
import { serveModern } from './http/serve-modern.js';
import { readBoundedBody } from './http/read-bounded-body.js';
import { SessionManager } from './http/session-manager.js';
import type { SessionManagerOptions } from './http/session-manager.js';
import { McpCatalog } from './mcp-catalog.js';
import { createMcpSink } from './mcp-sink.js';
import type { NotifyTarget } from './mcp-sink.js';
import { registerResources } from './resources/register-resources.js';
import { mapAppHtmlSource, registerMapApp } from './apps/map-app.js';
import { defaultUiDist } from '../http/ui/static-ui.js';
import { registerTools } from './tools/register-tools.js';
import { runToolCall } from './tool-call.js';
import type { ToolCallContext } from './define-tool.js';

/**
 * Bodies on `/mcp` above this are refused with 413 before parsing (decision: the reference leaves `/mcp`
 * unlimited; 4 MiB matches the SDK's own default and leaves room for large `record_job` reports).
 */
export const MCP_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/** MCP endpoint tunables. */
export interface McpEndpointOptions extends SessionManagerOptions {
  maxBodyBytes?: number;
}

/** What the endpoint is built from. */
export interface McpEndpointDeps {
  reader: MapReader;
  activity: ActivityStore;
  version: string;
  logger: ServerLogger;
  broadcaster: Broadcaster;
  baseUrl(): string | null;
  /** The operable engines on channel `mcp`; absent: only the map tools are registered. */
  engines?: EngineContext;
  /** The MCP Apps view's HTML; default: read from the built page (`<package>/dist/ui`). */
  appHtml?: () => string;
}

/** The mounted `/mcp` endpoint. */
export interface McpEndpoint extends McpMount {
  readonly catalog: McpCatalog;
  readonly sessions: SessionManager;
  /** Serves one `/mcp` request straight on Node's req/res (the hot path skips the web-standard layer). */
  handleNode(req: IncomingMessage, res: ServerResponse): Promise<void>;
  close(): Promise<void>;
}

/** Builds the shared catalog (map tools + resources); the stdio transport reuses it. */
export function createMapCatalog(deps: {
  reader: MapReader;
  activity: ActivityStore;
  logger: ServerLogger;
  engines?: EngineContext;
  /** The MCP Apps view's HTML; default: read from the built page (`<package>/dist/ui`). */
  appHtml?: () => string;
}): McpCatalog {
  const { appHtml, ...mcpDeps } = deps;
  const catalog = new McpCatalog(mcpDeps);
  registerTools(catalog);
  if (deps.engines !== undefined) registerOperableTools(catalog);
  registerResources(catalog);
  registerMapApp(catalog, appHtml ?? mapAppHtmlSource(defaultUiDist()));
  return catalog;
}

/**
 * The context of a direct call: no progress token (those calls go through the protocol core), and the signal
 * the transport aborts when the client cancels the request or hangs up (a parked claim_job ends then).
 */
function directCallContext(signal: AbortSignal): ToolCallContext {
  return { signal, progress: () => Promise.resolve() };
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * The `/mcp` endpoint serving BOTH protocol eras, told apart per request by the SDK's own classifier:
 * 2025-era traffic (initialize handshake, sessions, GET streams, DELETE) goes to the lean session manager;
 * 2026-07-28 traffic (per-request `_meta` envelope, `server/discover`, `subscriptions/listen`) goes to the
 * SDK's stateless entry with legacy serving disabled. Both are built from the same catalog, and the
 * broadcaster sink feeds both.
 */
export function createMcpEndpoint(deps: McpEndpointDeps, options: McpEndpointOptions = {}): McpEndpoint {
  const { logger, version } = deps;
  const maxBody = options.maxBodyBytes ?? MCP_BODY_LIMIT_BYTES;
  const catalog = createMapCatalog(deps);
  const sessions = new SessionManager(
    (subscriptions) => createMcpServer(catalog, { version, logger, subscriptions }),
    logger,
    options,
    (params, signal) => runToolCall(catalog, params, logger, directCallContext(signal)),
  );
  const modern = createMcpHandler(() => createMcpServer(catalog, { version, logger }).server, {
    legacy: 'reject',
    maxRequestBodySize: maxBody,
    onerror: (err) => logger.warn(`MCP (2026-07-28): ${err.message}`),
  });
  const modernTarget: NotifyTarget = {
    updated: (uri) => modern.notify.resourceUpdated(uri),
    updatedUnder: () => undefined, // listen streams filter by exact URI; node bundles are not tracked there
    listChanged: () => modern.notify.resourcesChanged(),
  };
  const removeSink = deps.broadcaster.addSink(createMcpSink([sessions, modernTarget]));
  let closed = false;

  const handlePost = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!JSON_TYPE.test(headerValue(req.headers, 'content-type') ?? '')) {
      return writeJsonRpcError(
        res,
        415,
        -32000,
        'Unsupported Media Type: Content-Type must be application/json',
      );
    }
    const read = await readBoundedBody(req, maxBody);
    if (read.tooLarge) {
      res.setHeader('connection', 'close');
      return writeJsonRpcError(
        res,
        413,
        -32000,
        `Payload Too Large: the request body must not exceed ${maxBody} bytes`,
      );
    }
    let body: unknown;
    try {
      body = JSON.parse(read.text);
    } catch {
      return writeJsonRpcError(res, 400, -32700, 'Parse error: Invalid JSON');
    }
    if (isPlainLegacyRequest(body, headerValue(req.headers, 'mcp-protocol-version')))
      return sessions.handlePost(req, res, body);
    const outcome = classifyInboundRequest({
      httpMethod: 'POST',
      body,
      ...optionalHeader('protocolVersionHeader', headerValue(req.headers, 'mcp-protocol-version')),
      ...optionalHeader('mcpMethodHeader', headerValue(req.headers, 'mcp-method')),
      ...optionalHeader('mcpNameHeader', headerValue(req.headers, 'mcp-name')),
    });
    if (outcome.kind === 'legacy') return sessions.handlePost(req, res, body);
    if (outcome.kind === 'reject')
      return writeJsonRpcError(
        res,
        outcome.httpStatus,
        outcome.code,
        outcome.message,
        outcome.data,
        readableId(body),
      );
    await serveModern(modern, req, res, read.text, body);
  };

  return {
    catalog,
    sessions,
    async handleNode(req, res) {
      // Security: the same loopback gate as every Hono route, before anything else is read.
      const violation = checkLoopbackRequest(gateRequestOf(req.headers, req.method));
      if (violation !== null) return writeRestError(res, violation);
      if (closed) return writeRestError(res, new ServerError('shutting-down', 'the server is shutting down'));
      try {
        if (req.method === 'POST') await handlePost(req, res);
        else if (req.method === 'GET') sessions.handleGet(req, res);
        else if (req.method === 'DELETE') sessions.handleDelete(req, res);
        else writeJsonRpcError(res, 405, -32000, 'Method not allowed.');
      } catch (err) {
        logger.error('MCP endpoint failed', err);
        writeJsonRpcError(res, 500, -32603, 'Internal server error');
      }
    },
    async status() {
      const responders = await sessions.liveness.sweep();
      return { connected: responders.length > 0, clients: responders.length };
    },
    async close() {
      closed = true;
      removeSink();
      await sessions.close();
      await modern.close();
    },
  };
}

/**
 * True for the everyday 2025-era request: one JSON-RPC request (not `initialize`) with no `_meta` in its
 * params and no 2026-era version header. The SDK's classifier gives exactly "legacy" for this shape, so
 * it is routed without running the classifier's schema checks on every call.
 */
function isPlainLegacyRequest(body: unknown, versionHeader: string | undefined): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const m = body as Record<string, unknown>;
  if (m['jsonrpc'] !== '2.0' || typeof m['method'] !== 'string' || m['method'] === 'initialize') return false;
  if (typeof m['id'] !== 'number' && typeof m['id'] !== 'string') return false;
  if (versionHeader !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(versionHeader)) return false;
  const params = m['params'];
  if (params === undefined) return true;
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return false;
  return (params as Record<string, unknown>)['_meta'] === undefined;
}

function optionalHeader<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}
