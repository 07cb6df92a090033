import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpHttpHandler } from '@modelcontextprotocol/server';
import { SECURITY_HEADERS } from '../../http/security-headers.js';

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
