// Point 7 of the hardening issue: `/api/*` requests without a `Content-Length` (curl's bodyless POST, a chunked
// body, OPTIONS/PATCH/DELETE) answered 500: the body limit rebuilt the request through a global the Node adapter
// does not provide. Raw sockets, so the framing is exactly what curl sends.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProjectServer } from '../testing/project-server.js';
import type { ProjectServer } from '../testing/project-server.js';

let s: ProjectServer;
let port = 0;
beforeAll(async () => {
  s = await startProjectServer({ mcp: false });
  port = s.running.port;
});
afterAll(() => s.stop());

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes `head` + `body` verbatim on a fresh socket and parses the (Content-Length-framed) answer. */
function exchange(head: string[], body = ''): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => {
      data += d;
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) return;
      const lines = data.slice(0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines.slice(1)) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      const length = Number(headers['content-length'] ?? '0');
      const rest = data.slice(end + 4);
      if (Buffer.byteLength(rest) < length) return;
      socket.destroy();
      resolve({ status: Number(lines[0]?.split(' ')[1]), headers, body: rest });
    });
    socket.on('error', reject);
    socket.write([...head, `Host: 127.0.0.1:${port}`, 'Connection: close', '', ''].join('\r\n') + body);
  });
}

const chunked = (text: string): string => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n0\r\n\r\n`;

describe('/api requests without Content-Length (raw socket)', () => {
  it('a bodyless POST /api/scan (curl -X POST) rescans with no options', async () => {
    const r = await exchange(['POST /api/scan HTTP/1.1']);
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toMatchObject({ kind: 'scan-summary', item: { nodes: 6, trigger: 'rest' } });
  });

  it('an empty chunked POST /api/scan is "no options"', async () => {
    const r = await exchange(['POST /api/scan HTTP/1.1', 'Transfer-Encoding: chunked'], '0\r\n\r\n');
    expect(r.status).toBe(200);
  });

  it('a chunked POST /api/scan with options is read', async () => {
    const r = await exchange(
      ['POST /api/scan HTTP/1.1', 'Transfer-Encoding: chunked', 'Content-Type: application/json'],
      chunked('{"mode":"full"}'),
    );
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toMatchObject({ item: { mode: 'full' } });
  });

  it('a chunked POST /api/activity is read and authenticated', async () => {
    const token = s.running.server.token;
    const body = JSON.stringify({ type: 'node.activity', node: 'README.md' });
    const head = [
      'POST /api/activity HTTP/1.1',
      'Transfer-Encoding: chunked',
      'Content-Type: application/json',
    ];
    const denied = await exchange([...head, 'X-Skill-Map-Token: wrong'], chunked(body));
    expect(denied.status).toBe(403);
    const ok = await exchange([...head, `X-Skill-Map-Token: ${token}`], chunked(body));
    expect(ok.status).toBe(202);
    const empty = await exchange(['POST /api/activity HTTP/1.1', `X-Skill-Map-Token: ${token}`]);
    expect(empty.status).toBe(400);
    expect(JSON.parse(empty.body)).toMatchObject({ error: { code: 'bad-json' } });
  });

  it('a chunked body over 1 MiB is 413, not read to the end', async () => {
    const big = chunked(JSON.stringify({ pad: 'x'.repeat(1024 * 1024 + 10) }));
    const r = await exchange(
      ['POST /api/scan HTTP/1.1', 'Transfer-Encoding: chunked', 'Content-Type: application/json'],
      big,
    );
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body)).toMatchObject({ error: { code: 'payload-too-large' } });
  });

  it.each([
    ['OPTIONS', '/api/scan', 'GET, HEAD, POST'],
    ['PATCH', '/api/scan', 'GET, HEAD, POST'],
    ['DELETE', '/api/health', 'GET, HEAD'],
    ['PUT', '/api/nodes/UkVBRE1FLm1k', 'GET, HEAD'],
    ['GET', '/api/activity', 'POST'],
  ])('%s %s is 405 with Allow: %s', async (method, path, allow) => {
    const r = await exchange([`${method} ${path} HTTP/1.1`]);
    expect(r.status).toBe(405);
    expect(r.headers['allow']).toBe(allow);
    expect(JSON.parse(r.body)).toMatchObject({ ok: false, error: { code: 'method-not-allowed' } });
  });

  it('an unknown /api path is still 404 whatever the method', async () => {
    expect((await exchange(['DELETE /api/nope HTTP/1.1'])).status).toBe(404);
  });
});
