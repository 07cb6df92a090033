import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { classifyInboundRequest, createMcpHandler } from '@modelcontextprotocol/server';
import type { ActivityStore } from '../activity/activity-store.js';
import type { AppContextC, McpMount } from '../http/app-context.js';
import { headerValue } from '../http/loopback-gate.js';
import type { ServerLogger } from '../ports.js';
import type { MapReader } from '../read/map-reader.js';
import type { Broadcaster } from '../ws/broadcaster.js';
import { createMcpServer } from './create-mcp-server.js';
import { writeJsonRpcError } from './http/json-rpc-http.js';
import { readBoundedBody } from './http/read-bounded-body.js';
import { SessionManager } from './http/session-manager.js';
import type { SessionManagerOptions } from './http/session-manager.js';
import { McpCatalog } from './mcp-catalog.js';
import { createMcpSink } from './mcp-sink.js';
import type { NotifyTarget } from './mcp-sink.js';
import { registerResources } from './resources/register-resources.js';
import { registerTools } from './tools/register-tools.js';

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
}

/** The mounted `/mcp` endpoint. */
export interface McpEndpoint extends McpMount {
  readonly catalog: McpCatalog;
  readonly sessions: SessionManager;
  close(): Promise<void>;
}

/** Builds the shared catalog (map tools + resources); the stdio transport reuses it. */
export function createMapCatalog(deps: { reader: MapReader; activity: ActivityStore; logger: ServerLogger }): McpCatalog {
  const catalog = new McpCatalog(deps);
  registerTools(catalog);
  registerResources(catalog);
  return catalog;
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
  const sessions = new SessionManager((subscriptions) => createMcpServer(catalog, { version, logger, subscriptions }), logger, options);
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

  const handlePost = async (c: AppContextC): Promise<Response> => {
    const req = c.env.incoming;
    const res = c.env.outgoing;
    if (req === undefined || res === undefined) return c.json({ jsonrpc: '2.0', error: { code: -32603, message: 'MCP needs a socket' }, id: null }, 500);
    if (!JSON_TYPE.test(headerValue(req.headers, 'content-type') ?? '')) {
      writeJsonRpcError(res, 415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
      return RESPONSE_ALREADY_SENT;
    }
    const read = await readBoundedBody(req, maxBody);
    if (read.tooLarge) {
      res.setHeader('connection', 'close');
      writeJsonRpcError(res, 413, -32000, `Payload Too Large: the request body must not exceed ${maxBody} bytes`);
      return RESPONSE_ALREADY_SENT;
    }
    let body: unknown;
    try {
      body = JSON.parse(read.text);
    } catch {
      writeJsonRpcError(res, 400, -32700, 'Parse error: Invalid JSON');
      return RESPONSE_ALREADY_SENT;
    }
    const outcome = classifyInboundRequest({
      httpMethod: 'POST',
      body,
      ...optionalHeader('protocolVersionHeader', headerValue(req.headers, 'mcp-protocol-version')),
      ...optionalHeader('mcpMethodHeader', headerValue(req.headers, 'mcp-method')),
      ...optionalHeader('mcpNameHeader', headerValue(req.headers, 'mcp-name')),
    });
    if (outcome.kind === 'modern') return modern.fetch(c.req.raw, { parsedBody: body });
    if (outcome.kind === 'reject') writeJsonRpcError(res, outcome.httpStatus, outcome.code, outcome.message, outcome.data);
    else sessions.handlePost(req, res, body);
    return RESPONSE_ALREADY_SENT;
  };

  return {
    catalog,
    sessions,
    async handle(c) {
      const req = c.env.incoming;
      const res = c.env.outgoing;
      const method = c.req.method;
      if (method === 'POST') return handlePost(c);
      if (req === undefined || res === undefined) return c.json({ jsonrpc: '2.0', error: { code: -32603, message: 'MCP needs a socket' }, id: null }, 500);
      if (method === 'GET') sessions.handleGet(req, res);
      else if (method === 'DELETE') sessions.handleDelete(req, res);
      else writeJsonRpcError(res, 405, -32000, 'Method not allowed.');
      return Promise.resolve(RESPONSE_ALREADY_SENT);
    },
    async status() {
      const responders = await sessions.liveness.sweep();
      return { connected: responders.length > 0, clients: responders.length };
    },
    async close() {
      removeSink();
      await sessions.close();
      await modern.close();
    },
  };
}

function optionalHeader<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}
