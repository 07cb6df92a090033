import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpHttpHandler } from '@modelcontextprotocol/server';
import { SECURITY_HEADERS } from '../../http/security-headers.js';

const JSON_BODY = /^application\/json\b/i;

/**
 * True when a JSON answer is the JSON-RPC error `-32601`. The SDK answers a method no handler serves with it in
 * band (HTTP 200); the 2026-07-28 text wants HTTP 404 with `-32601` for every method the server does not
 * implement, as the SDK's own ladder already does for the methods the revision removed. Only our fallback
 * handler raises `-32601`, and only for a method it does not know.
 */
function isMethodNotFound(text: string): boolean {
  if (!text.includes('-32601')) return false;
  try {
    const message = JSON.parse(text) as { error?: { code?: unknown } };
    return message.error?.code === -32601;
  } catch {
    return false;
  }
}

/**
 * Serves one 2026-07-28 request through the SDK's stateless entry: the Node request (body already read
 * and parsed) becomes a web-standard Request, and the Response (a JSON body, or the SSE stream of a
 * `subscriptions/listen`) is written back with the security headers. The exchange is aborted when the
 * client goes away, which ends a listen subscription.
 */
export async function serveModern(
  handler: McpHttpHandler,
  req: IncomingMessage,
  res: ServerResponse,
  text: string,
  body: unknown,
): Promise<void> {
  const abort = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) abort.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/mcp'}`, {
    method: 'POST',
    headers,
    body: text,
    signal: abort.signal,
  });
  const response = await handler.fetch(request, { parsedBody: body });
  const out: Record<string, string> = { ...SECURITY_HEADERS };
  response.headers.forEach((value, name) => {
    out[name] = value;
  });
  if (response.status === 200 && JSON_BODY.test(out['content-type'] ?? '')) {
    // A JSON answer is one complete message: read it whole to give an unknown method its HTTP status.
    const text = await response.text();
    res.writeHead(isMethodNotFound(text) ? 404 : 200, out);
    res.end(text);
    return;
  }
  res.writeHead(response.status, out);
  if (response.body === null) {
    res.end();
    return;
  }
  res.flushHeaders();
  try {
    for await (const chunk of response.body) {
      if (abort.signal.aborted) break;
      if (!res.write(chunk))
        await new Promise<void>((resolve) => {
          const done = (): void => {
            res.off('drain', done);
            res.off('close', done);
            resolve();
          };
          res.once('drain', done);
          res.once('close', done);
        });
    }
  } catch {
    // The stream errored or was cancelled (client gone): nothing more to write.
  }
  res.end();
}
