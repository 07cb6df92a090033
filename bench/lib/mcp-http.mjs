// Shared by the MCP benchmarks: the echo floor (a bare node:http JSON-RPC endpoint that answers every POST with a
// tiny result: what any HTTP MCP server costs at the least on this machine with this client) and a minimal
// keep-alive client for `/mcp` (POST a message, open a 2025-era session).
import http from 'node:http';

/** Runs the echo floor in this (child) process: reports its port over IPC, exits on 'stop'. Never resolves. */
export async function serveEcho() {
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const msg = JSON.parse(body);
      res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 'echo' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: msg.id ?? null, result: { echo: msg.method } }));
    });
  });
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
  process.on('message', (m) => m === 'stop' && server.close(() => process.exit(0)));
  await new Promise(() => {});
}

/** A keep-alive `/mcp` client on 127.0.0.1: `post` one message, `session` runs the initialize handshake. */
export function mcpClient(maxSockets) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const post = (port, body, sid) =>
    new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/mcp',
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            ...(sid ? { 'mcp-session-id': sid } : {}),
          },
        },
        (res) => {
          let b = '';
          res.setEncoding('utf8');
          res.on('data', (d) => (b += d));
          res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: b }));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify(body));
    });
  const session = async (port) => {
    const init = await post(port, {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'bench', version: '1' },
      },
    });
    const sid = init.headers['mcp-session-id'];
    await post(port, { jsonrpc: '2.0', method: 'notifications/initialized' }, sid);
    return sid;
  };
  return { agent, post, session };
}
