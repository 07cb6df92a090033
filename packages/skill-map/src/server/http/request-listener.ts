import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import type { McpEndpoint } from '../mcp/mcp-endpoint.js';
import type { AppEnv } from './app-context.js';

/** True for the MCP endpoint path (`/mcp`, with or without a query string). */
export function isMcpPath(url: string | undefined): boolean {
  return url === '/mcp' || (url?.startsWith('/mcp?') ?? false);
}

/**
 * The Node request listener of `sm serve`: `/mcp` goes straight to the MCP endpoint on Node's req/res
 * (the hot path; it runs the same loopback gate and stamps the same security headers itself), and
 * everything else goes through the Hono app. Global Request/Response are never replaced.
 */
export function createRequestListener(
  app: Hono<AppEnv>,
  mcp: McpEndpoint | null,
): (req: IncomingMessage, res: ServerResponse) => void {
  const hono = getRequestListener(app.fetch, { overrideGlobalObjects: false });
  return (req, res) => {
    if (mcp !== null && isMcpPath(req.url)) void mcp.handleNode(req, res);
    else void hono(req, res);
  };
}
