import type { ServerResponse } from 'node:http';
import type { ServerError } from '../../errors.js';
import { toRestError } from '../../http/envelope.js';
import { SECURITY_HEADERS } from '../../http/security-headers.js';

/** Answers an HTTP request with a bare JSON-RPC error (`id: null`), the Streamable HTTP convention. */
export function writeJsonRpcError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  data?: unknown,
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const body = JSON.stringify({
    jsonrpc: '2.0',
    error: { code, message, ...(data === undefined ? {} : { data }) },
    id: null,
  });
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    ...(status === 405 ? { allow: 'GET, POST, DELETE' } : {}),
  });
  res.end(body);
}

/** Answers with the REST error envelope (the gate's refusals are REST-shaped even on `/mcp`). */
export function writeRestError(res: ServerResponse, err: ServerError): void {
  const { status, body } = toRestError(err);
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}
