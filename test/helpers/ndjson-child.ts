import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built skillstate-mcp bin. */
export const SKILLSTATE_MCP_BIN = fileURLToPath(
  new URL('../../packages/skillstate-mcp/bin/skillstate-mcp.js', import.meta.url),
);

/** A JSON-RPC response as read off the child's stdout. */
export interface RpcResponse {
  jsonrpc: '2.0';
  id: number | string | null;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

/** A spawned stdio server driven by raw newline-delimited JSON-RPC. */
export class NdjsonChild {
  readonly child: ChildProcessWithoutNullStreams;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr = '';
  #buffer = '';
  #nextId = 1;
  readonly #waiting = new Map<number | string, (r: RpcResponse) => void>();

  constructor(cwd: string, env: NodeJS.ProcessEnv = {}, bin = SKILLSTATE_MCP_BIN) {
    this.child = spawn(process.execPath, [bin], { cwd, env: { ...process.env, ...env }, stdio: 'pipe' });
    this.exited = new Promise((resolve) =>
      this.child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    this.child.stdout.setEncoding('utf8');
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (chunk: string) => (this.stderr += chunk));
    this.child.stdout.on('data', (chunk: string) => this.#onData(chunk));
  }

  #onData(chunk: string): void {
    this.#buffer += chunk;
    let newline = this.#buffer.indexOf('\n');
    while (newline >= 0) {
      const line = this.#buffer.slice(0, newline).trim();
      this.#buffer = this.#buffer.slice(newline + 1);
      if (line) {
        const message = JSON.parse(line) as RpcResponse;
        if (message.id !== undefined && message.id !== null) {
          this.#waiting.get(message.id)?.(message);
          this.#waiting.delete(message.id);
        }
      }
      newline = this.#buffer.indexOf('\n');
    }
  }

  /** Sends one request and resolves with its response. */
  request(method: string, params: Record<string, unknown> = {}): Promise<RpcResponse> {
    const id = this.#nextId++;
    const answer = new Promise<RpcResponse>((resolve) => this.#waiting.set(id, resolve));
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    return answer;
  }

  /** Calls a tool and returns its parsed text result (throws on isError). */
  async callTool(name: string, args: Record<string, unknown> = {}): Promise<unknown> {
    const response = await this.request('tools/call', { name, arguments: args });
    const result = response.result as { content: Array<{ text: string }>; isError?: boolean } | undefined;
    if (!result) throw new Error(`tools/call ${name}: ${JSON.stringify(response.error)}`);
    const text = result.content[0]?.text ?? '';
    if (result.isError) throw new Error(text);
    return JSON.parse(text) as unknown;
  }

  /** Closes stdin and waits for the process to end. */
  async close(): Promise<void> {
    this.child.stdin.end();
    await this.exited;
  }
}
