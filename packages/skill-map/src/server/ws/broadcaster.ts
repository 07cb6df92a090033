/**
 * The broadcaster: the single source of live events. The web page subscribes over `/ws`; in-process
 * observers (the MCP sink) subscribe with `addSink`. Nothing polls and nothing is replayed: a client that
 * connects late re-seeds from `GET /api/scan`.
 */

/** One live event: one JSON text frame on `/ws`. */
export interface BroadcastEvent {
  type: string;
  /** Epoch milliseconds. */
  timestamp: number;
  data: Record<string, unknown>;
  runId?: string;
  jobId?: string | null;
}

/** The slice of a `ws` WebSocket the broadcaster uses (so tests can pass fakes). */
export interface BroadcastClient {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code: number, reason: string): void;
  ping(): void;
  terminate(): void;
  on(event: 'pong' | 'close' | 'error', listener: () => void): unknown;
}

/** A passive in-process observer; it must not throw (failures are swallowed and logged). */
export type BroadcastSink = (event: BroadcastEvent) => void;

/** Tunables (defaults are the contract's). */
export interface BroadcasterOptions {
  maxClients?: number;
  /** Close a client with 1009 once this many bytes are queued on its socket. */
  maxBufferedBytes?: number;
  /** Ping cadence; a peer that missed the previous ping is terminated. */
  heartbeatMs?: number;
  onSinkError?: (err: unknown) => void;
}

/** WebSocket close codes the broadcaster uses. */
export const WS_CLOSE = { shutdown: 1001, tooBig: 1009, tryAgainLater: 1013 } as const;
const OPEN = 1;

/** The broadcaster's public face. */
export interface Broadcaster {
  /** Admits a client, or closes it with 1013 when the cap is reached (returns false). */
  addClient(client: BroadcastClient): boolean;
  addSink(sink: BroadcastSink): () => void;
  /** `extra.timestamp` keeps the time of an event relayed from elsewhere (the CLI's job events); default now. */
  publish(
    type: string,
    data: Record<string, unknown>,
    extra?: { runId?: string; jobId?: string | null; timestamp?: number },
  ): void;
  clientCount(): number;
  /** Closes every client with 1001 and stops the heartbeat. */
  close(): void;
}

/** Creates a broadcaster with the contract's limits (64 clients, 4 MiB, 30 s heartbeat). */
export function createBroadcaster(options: BroadcasterOptions = {}): Broadcaster {
  const maxClients = options.maxClients ?? 64;
  const maxBuffered = options.maxBufferedBytes ?? 4 * 1024 * 1024;
  const clients = new Map<BroadcastClient, { alive: boolean }>();
  const sinks = new Set<BroadcastSink>();
  const heartbeat = setInterval(() => {
    for (const [client, state] of clients) {
      if (!state.alive) {
        clients.delete(client);
        client.terminate();
        continue;
      }
      state.alive = false;
      try {
        client.ping();
      } catch {
        clients.delete(client);
        client.terminate();
      }
    }
  }, options.heartbeatMs ?? 30_000);
  heartbeat.unref();

  const drop = (client: BroadcastClient, code: number, reason: string): void => {
    clients.delete(client);
    try {
      client.close(code, reason);
    } catch {
      client.terminate();
    }
  };

  return {
    addClient(client) {
      if (clients.size >= maxClients) {
        client.close(WS_CLOSE.tryAgainLater, 'too many clients');
        return false;
      }
      const state = { alive: true };
      clients.set(client, state);
      client.on('pong', () => {
        state.alive = true;
      });
      client.on('close', () => clients.delete(client));
      client.on('error', () => clients.delete(client));
      return true;
    },
    addSink(sink) {
      sinks.add(sink);
      return () => sinks.delete(sink);
    },
    publish(type, data, extra = {}) {
      const event: BroadcastEvent = { type, timestamp: Date.now(), data, ...extra };
      // Serialised once, and only when a socket will carry it (a scan narrates every node).
      const frame = clients.size === 0 ? '' : JSON.stringify(event);
      for (const client of [...clients.keys()]) {
        if (client.readyState !== OPEN) continue;
        // A peer that stopped reading must not grow our memory without bound.
        if (client.bufferedAmount + frame.length > maxBuffered) {
          drop(client, WS_CLOSE.tooBig, 'client too slow (backpressure limit)');
          continue;
        }
        try {
          client.send(frame);
        } catch {
          drop(client, WS_CLOSE.tooBig, 'send failed');
        }
      }
      for (const sink of sinks) {
        try {
          sink(event);
        } catch (err) {
          options.onSinkError?.(err);
        }
      }
    },
    clientCount: () => clients.size,
    close() {
      clearInterval(heartbeat);
      for (const client of [...clients.keys()]) drop(client, WS_CLOSE.shutdown, 'server shutdown');
      sinks.clear();
    },
  };
}
