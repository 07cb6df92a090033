import type { LiveEvent } from '../api/types';

export type ConnectionState = 'connecting' | 'open' | 'lost';

export interface LiveConnection {
  /** Listens to every event; returns the unsubscribe. */
  onEvent(fn: (e: LiveEvent) => void): () => void;
  /** Listens to state changes; `open` after a loss means the page must re-seed (the server replays nothing). */
  onState(fn: (s: ConnectionState, reconnected: boolean) => void): () => void;
  state(): ConnectionState;
  close(): void;
}

/**
 * The `/ws` link of the page: one socket on the serving origin, re-opened after a loss with a backoff capped at
 * 5 s (a restarted server is found within seconds), reporting its state so the status bar can say so.
 */
export function connectLive(url = defaultUrl()): LiveConnection {
  const events = new Set<(e: LiveEvent) => void>();
  const states = new Set<(s: ConnectionState, reconnected: boolean) => void>();
  let state: ConnectionState = 'connecting';
  let everOpened = false;
  let attempt = 0;
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  const setState = (next: ConnectionState, reconnected = false): void => {
    if (next === state && !reconnected) return;
    state = next;
    for (const fn of states) fn(next, reconnected);
  };

  const open = (): void => {
    if (closed) return;
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      const reconnected = everOpened;
      everOpened = true;
      setState('open', reconnected);
    };
    ws.onmessage = (msg) => {
      if (typeof msg.data !== 'string') return;
      let e: LiveEvent;
      try {
        e = JSON.parse(msg.data) as LiveEvent;
      } catch {
        return;
      }
      for (const fn of events) fn(e);
    };
    ws.onclose = () => {
      if (socket !== ws || closed) return;
      socket = null;
      setState(everOpened ? 'lost' : 'connecting');
      const delay = Math.min(5000, 250 * 2 ** attempt++);
      timer = setTimeout(open, delay);
    };
  };
  open();

  return {
    onEvent: (fn) => (events.add(fn), () => void events.delete(fn)),
    onState: (fn) => (states.add(fn), () => void states.delete(fn)),
    state: () => state,
    close: () => {
      closed = true;
      if (timer !== null) clearTimeout(timer);
      socket?.close(1000);
    },
  };
}

function defaultUrl(): string {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${location.host}/ws`;
}
