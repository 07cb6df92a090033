// What a case may ask for around its invocations: its fixture's drop-in plugins trusted, a server of the
// implementation running in the scope (`setup.serve`), a fixture folder served over loopback HTTP
// (`setup.staticServe`); and the assertions that read them (`http-matches-schema`) or read several invocations
// at once (the parallel-* ones).
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { compareAt, matchesSchema, show, type AssertionContext } from './assertions.js';
import { runOnce, sleep, startBackground, stopBackground, type Implementation } from './spawn.js';
import type { HttpAssertion, Invocation, ParallelAssertion } from './types.js';

/** Trusts every drop-in plugin the fixture brought (`sm plugins trust <id>`), as the reference's runner does. */
export async function trustFixturePlugins(
  impl: Implementation,
  scope: string,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const root = join(scope, '.skill-map', 'plugins');
  if (!existsSync(root)) return;
  for (const name of readdirSync(root).sort()) {
    const manifest = join(root, name, 'plugin.json');
    if (!existsSync(manifest)) continue;
    let id = name;
    try {
      const doc = JSON.parse(readFileSync(manifest, 'utf8')) as { id?: unknown };
      if (typeof doc.id === 'string' && doc.id !== '') id = doc.id;
    } catch {
      // An unreadable manifest keeps the folder name; the case itself shows what the implementation makes of it.
    }
    await runOnce(impl, ['plugins', 'trust', id], scope, env);
  }
}

/** A running `sm serve` of the case and where it listens. */
export interface CaseServer {
  readonly baseUrl: string;
  stop(): Promise<void>;
}

/** Starts the implementation's server on a free port and waits for its `.skill-map/serve.json`. */
export async function startCaseServer(
  impl: Implementation,
  scope: string,
  env: NodeJS.ProcessEnv,
  flags: readonly string[],
): Promise<CaseServer> {
  const { child, output } = startBackground(impl, ['serve', '--port', '0', ...flags], scope, env);
  const file = join(scope, '.skill-map', 'serve.json');
  const deadline = Date.now() + impl.timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const info = JSON.parse(readFileSync(file, 'utf8')) as { host?: unknown; port?: unknown };
      if (typeof info.port === 'number' && info.port > 0) {
        const host = typeof info.host === 'string' ? info.host : '127.0.0.1';
        const h = host.includes(':') ? `[${host}]` : host;
        return { baseUrl: `http://${h}:${info.port}`, stop: () => stopBackground(child) };
      }
    } catch {
      // Not written yet.
    }
    await sleep(50);
  }
  await stopBackground(child);
  throw new Error(`the server did not start: ${output().trim().split('\n').slice(-3).join(' / ')}`);
}

/** Serves `dir` read-only on 127.0.0.1 (no listings, 404 for anything else); resolves with its base URL. */
export async function startStaticServer(dir: string): Promise<{ baseUrl: string; server: Server }> {
  const root = realpathSync(dir);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = resolve(root, `.${path}`);
    const rel = relative(root, file);
    let body: Buffer | null = null;
    try {
      if (!rel.startsWith('..') && !isAbsolute(rel) && statSync(file).isFile())
        if (relative(root, realpathSync(file)).startsWith('..') === false) body = readFileSync(file);
    } catch {
      body = null;
    }
    if (body === null) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-length': body.length }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { baseUrl: `http://127.0.0.1:${port}`, server };
}

/** `http-matches-schema`: the response's status, then its JSON body against the schema. */
export async function httpMatchesSchema(
  a: HttpAssertion,
  server: CaseServer | null,
  ctx: AssertionContext,
): Promise<string | null> {
  if (server === null) return 'http-matches-schema needs setup.serve';
  let res: Response;
  try {
    res = await fetch(`${server.baseUrl}${a.request.path}`, { method: a.request.method ?? 'GET' });
  } catch (err) {
    return `${a.request.path} did not answer: ${(err as Error).message}`;
  }
  const text = await res.text();
  const want = a.status ?? 200;
  if (res.status !== want) return `${a.request.path} answered ${res.status}, expected ${want}`;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return `${a.request.path} answered no JSON: ${show(text.slice(0, 120))}`;
  }
  const why = matchesSchema(doc, a.schema, a.schemaPointer, a.each === true, ctx.schemas);
  return why === null ? null : `${a.request.path} ${why}`;
}

/** The parallel-* assertions over the N invocations of a parallel invoke. */
export function evaluateParallel(a: ParallelAssertion, runs: readonly Invocation[]): string | null {
  if (a.type === 'parallel-exit-codes') {
    const codes = runs.map((r) => r.exitCode ?? -1).sort((x, y) => x - y);
    return JSON.stringify(codes) === JSON.stringify(a.sorted)
      ? null
      : `exit codes ${JSON.stringify(codes)}, expected ${JSON.stringify(a.sorted)}`;
  }
  const count = runs.filter((r) => {
    try {
      return compareAt(JSON.parse(r.stdout), a) === null;
    } catch {
      return false;
    }
  }).length;
  return count === a.count ? null : `${count} invocations hold at ${a.path}, expected ${a.count}`;
}
