// The view's side of the MCP Apps bridge: JSON-RPC 2.0 over postMessage with the host (the iframe's parent). The
// view is the client: it sends requests (`ui/initialize`, `tools/call`, `ui/update-model-context`) and
// notifications, and answers the host's few requests (`ping`, `ui/resource-teardown`). Only messages whose source is
// the parent window are read; the iframe has no origin of its own to check against, and the host's origin is not
// known to it, so replies go to '*' (they carry nothing but what the host asked for or the user clicked).

type Params = Record<string, unknown>;
type Handler = (params: Params) => unknown;

/** An error answer from the host (e.g. a tool call it refused). */
export class BridgeError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'BridgeError';
  }
}

interface Pending {
  resolve(result: unknown): void;
  reject(err: Error): void;
}

export class AppBridge {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly notifications = new Map<string, Handler>();
  private readonly requests = new Map<string, Handler>();
  private readonly onMessage = (event: MessageEvent): void => {
    if (event.source !== this.host) return;
    this.receive(event.data);
  };

  constructor(private readonly host: Window = window.parent) {
    window.addEventListener('message', this.onMessage);
  }

  /** Sends a request and resolves to its result (rejects with a BridgeError on an error answer). */
  request(method: string, params: Params = {}): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.post({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method: string, params: Params = {}): void {
    this.post({ jsonrpc: '2.0', method, params });
  }

  /** The handler of a host notification (one per method; a later one replaces it). */
  onNotification(method: string, handler: Handler): void {
    this.notifications.set(method, handler);
  }

  /** The handler of a host request; what it returns (or resolves to) is the result. */
  onRequest(method: string, handler: Handler): void {
    this.requests.set(method, handler);
  }

  close(): void {
    window.removeEventListener('message', this.onMessage);
    for (const p of this.pending.values()) p.reject(new Error('bridge closed'));
    this.pending.clear();
  }

  private post(message: Params): void {
    this.host.postMessage(message, '*');
  }

  private receive(data: unknown): void {
    if (typeof data !== 'object' || data === null) return;
    const m = data as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };
    if (m.jsonrpc !== '2.0') return;
    const params = (typeof m.params === 'object' && m.params !== null ? m.params : {}) as Params;
    if (typeof m.method === 'string') {
      if (m.id === undefined) this.notifications.get(m.method)?.(params);
      else void this.answer(m.id, m.method, params);
      return;
    }
    if (typeof m.id !== 'number') return;
    const p = this.pending.get(m.id);
    if (p === undefined) return;
    this.pending.delete(m.id);
    const e = (data as { error?: { code?: unknown; message?: unknown } }).error;
    if (e !== undefined)
      p.reject(
        new BridgeError(
          typeof e.code === 'number' ? e.code : -32603,
          typeof e.message === 'string' ? e.message : 'error',
        ),
      );
    else p.resolve((data as { result?: unknown }).result);
  }

  private async answer(id: unknown, method: string, params: Params): Promise<void> {
    const handler = this.requests.get(method);
    if (handler === undefined) {
      this.post({ jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${method}` } });
      return;
    }
    try {
      this.post({ jsonrpc: '2.0', id, result: (await handler(params)) ?? {} });
    } catch (err) {
      this.post({ jsonrpc: '2.0', id, error: { code: -32603, message: String(err) } });
    }
  }
}
