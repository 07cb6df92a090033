import type { ServerResponse } from 'node:http';
import { SECURITY_HEADERS } from '../../http/security-headers.js';

/** Answers an HTTP request with a bare JSON-RPC error (`id: null`), the Streamable HTTP convention. */
export function writeJsonRpcError(res: ServerResponse, status: number, code: number, message: string, data?: unknown): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message, ...(data === undefined ? {} : { data }) }, id: null });
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    ...(status === 405 ? { allow: 'GET, POST, DELETE' } : {}),
  });
  res.end(body);
}
