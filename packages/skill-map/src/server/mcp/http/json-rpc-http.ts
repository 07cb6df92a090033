import type { ServerResponse } from 'node:http';
import type { ServerError } from '../../errors.js';
import { toRestError } from '../../http/envelope.js';
import { SECURITY_HEADERS } from '../../http/security-headers.js';

/** A JSON-RPC request id: what an error answer echoes, `null` when the request's id could not be read. */
export type JsonRpcId = string | number | null;

/** The id of a parsed JSON-RPC request body when it is readable (a string or a number), else `null`. */
export function readableId(body: unknown): JsonRpcId {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const id = (body as Record<string, unknown>)['id'];
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/**
 * Answers an HTTP request with a bare JSON-RPC error. `id` is the request's id when it was readable (the
 * 2026-07-28 text: every error answer echoes it), `null` when the body could not be read or parsed.
 */
export function writeJsonRpcError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  data?: unknown,
  id: JsonRpcId = null,
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const body = JSON.stringify({
    jsonrpc: '2.0',
    error: { code, message, ...(data === undefined ? {} : { data }) },
    id,
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
