import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { ServerError } from '../errors.js';
import { toRestError } from '../http/envelope.js';
import { checkLoopbackRequest, gateRequestOf } from '../http/loopback-gate.js';
import { SECURITY_HEADERS } from '../http/security-headers.js';
import type { Broadcaster } from './broadcaster.js';

/** Largest inbound frame accepted on `/ws` (the channel is server-push only). */
const MAX_INBOUND_FRAME = 64 * 1024;

function refuse(socket: Duplex, err: ServerError): void {
  const { status, body } = toRestError(err);
  const text = JSON.stringify(body);
  const headers = Object.entries({
    ...SECURITY_HEADERS,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    connection: 'close',
  })
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n');
  socket.end(
    `HTTP/1.1 ${status} ${status === 403 ? 'Forbidden' : 'Service Unavailable'}\r\n${headers}\r\n\r\n${text}`,
  );
}

/**
 * Wires `/ws` upgrades on the HTTP server to the broadcaster. Security: the same loopback Host/Origin gate
 * as every HTTP route runs BEFORE the handshake (a cross-site page could otherwise open a WebSocket).
 * Returns a closer that stops accepting upgrades.
 */
export function attachWebSocket(
  server: Server,
  broadcaster: Broadcaster,
  isShuttingDown: () => boolean,
  makeShutdownError: () => ServerError,
): () => void {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_INBOUND_FRAME,
    perMessageDeflate: false,
  });
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', () => socket.destroy());
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/ws') {
      socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    const violation = checkLoopbackRequest(gateRequestOf(req.headers, req.method, true));
    if (violation !== null) return refuse(socket, violation);
    if (isShuttingDown()) return refuse(socket, makeShutdownError());
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('message', () => undefined); // server-push only: inbound frames are ignored
      broadcaster.addClient(ws);
    });
  };
  server.on('upgrade', onUpgrade);
  return () => {
    server.off('upgrade', onUpgrade);
    wss.close();
  };
}
