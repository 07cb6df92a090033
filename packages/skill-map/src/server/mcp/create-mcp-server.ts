import {
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  Server,
} from '@modelcontextprotocol/server';
import type { ServerCapabilities } from '@modelcontextprotocol/server';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv';
import type { ServerLogger } from '../ports.js';
import type { McpCatalog } from './mcp-catalog.js';
import { UI_EXTENSION_ID } from './apps/map-app.js';
import { MCP_ICONS } from './mcp-icons.js';
import { toProtocolError } from './mcp-errors.js';
import { runToolCall } from './tool-call.js';
import type { ToolCallParams } from './tool-call.js';

/**
 * Exactly what the contract advertises: no prompts, no logging, no completions; plus the MCP Apps extension (the
 * `ui://` map view, see apps/map-app.ts), declared the SEP-2133 way under `extensions`.
 */
export const MCP_CAPABILITIES: ServerCapabilities = {
  tools: { listChanged: true },
  resources: { subscribe: true, listChanged: true },
  extensions: { [UI_EXTENSION_ID]: {} },
};

/** `serverInfo.name`. */
export const MCP_SERVER_NAME = 'skill-map';

const INSTRUCTIONS =
  "skill-map serves this project's agent-harness map (skills, agents, commands, workflows, MCP servers and the " +
  'links between them). The map is read-only: start with query_graph or list_issues; get_node gives one node with ' +
  'its links. When the server also lists the queue tools, you can be its processing agent: list_extensions, ' +
  'submit_job, then claim_job (wait: seconds to park until a job arrives), work the returned content, and ' +
  'record_job with the id and nonce; list_findings shows what finders recorded. Sidecar writes (class dismissals, ' +
  "issue suppressions) need the user's consent: pass confirm: true only when the user agreed.";

// One validator for every instance: the SDK would otherwise build one per session.
const sharedValidator = new AjvJsonSchemaValidator();

/** Options of `createMcpServer`. */
export interface CreateMcpServerOptions {
  version: string;
  logger: ServerLogger;
  /**
   * The session's subscribed-URI set. Present for 2025-era sessions (HTTP and stdio), which get
   * `resources/subscribe` / `unsubscribe`; absent for 2026-era per-request instances (they use
   * `subscriptions/listen`, served by the SDK entry).
   */
  subscriptions?: Set<string>;
}

/** A protocol instance plus its teardown. */
export interface McpServerHandle {
  server: Server;
  close(): Promise<void>;
}

/**
 * Builds one MCP protocol instance (the SDK's low-level `Server`) over the shared catalog. Transports
 * (lean HTTP sessions, the 2026 per-request entry, stdio) call this factory and know nothing about tools.
 * The low-level server is used on purpose: the high-level `registerTool` wrapper turns every thrown error
 * into an `isError` result, which would hide the contract's `-32602` for unknown paths and bad input.
 */
export function createMcpServer(catalog: McpCatalog, options: CreateMcpServerOptions): McpServerHandle {
  const { logger } = options;
  const server = new Server(
    { name: MCP_SERVER_NAME, title: 'skill-map', version: options.version, icons: MCP_ICONS },
    { capabilities: MCP_CAPABILITIES, instructions: INSTRUCTIONS, jsonSchemaValidator: sharedValidator },
  );
  server.onerror = (err) => logger.warn(`MCP protocol: ${err.message}`);

  server.setRequestHandler('tools/list', () => ({ tools: catalog.listTools() }));
  // `tools/call` is served through the protocol core's fallback hook rather than `setRequestHandler`: the
  // registered form re-validates the request twice and the whole result once with zod on every call (a
  // third of the per-call CPU measured here). The catalog validates the arguments against the tool's own
  // schema, and results are built in the one valid shape (structuredContent object + text block).
  server.fallbackRequestHandler = async (request, ctx) => {
    if (request.method !== 'tools/call')
      throw new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found');
    const progressToken = (request.params as ToolCallParams | undefined)?._meta?.progressToken;
    return runToolCall(catalog, request.params, logger, {
      signal: ctx.mcpReq.signal,
      progress: async (progress, message) => {
        if (typeof progressToken !== 'string' && typeof progressToken !== 'number') return;
        await ctx.mcpReq.notify({
          method: 'notifications/progress',
          params: { progressToken, progress, ...(message === undefined ? {} : { message }) },
        });
      },
    });
  };
  server.setRequestHandler('resources/list', () => ({ resources: catalog.listResources() }));
  server.setRequestHandler('resources/templates/list', () => ({
    resourceTemplates: catalog.listTemplates(),
  }));
  server.setRequestHandler('resources/read', async (request) => {
    try {
      return await catalog.readResource(request.params.uri);
    } catch (err) {
      throw toProtocolError(err, logger);
    }
  });

  const subscriptions = options.subscriptions;
  if (subscriptions !== undefined) {
    server.setRequestHandler('resources/subscribe', (request) => {
      if (!catalog.knowsUri(request.params.uri)) throw new ResourceNotFoundError(request.params.uri);
      subscriptions.add(request.params.uri);
      return {};
    });
    server.setRequestHandler('resources/unsubscribe', (request) => {
      subscriptions.delete(request.params.uri);
      return {};
    });
  }
  return { server, close: () => server.close() };
}
