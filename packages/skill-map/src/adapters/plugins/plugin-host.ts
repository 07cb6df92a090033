// A trusted plugin's modules run in a worker thread, called synchronously with a time limit: the kernel's stages are
// synchronous, so each call posts its arguments, blocks on a shared flag (Atomics.wait, bounded) and takes the answer
// with receiveMessageOnPort. A call that does not answer in time ends the worker: the plugin is then dead for the
// rest of this process's scans of that version, and every later call fails at once. Arguments and answers are
// structured copies: a plugin never touches the kernel's objects.
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';

/** The worker's source: imports the modules, then answers `{ext, method, args}` calls one at a time. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const flag = new Int32Array(workerData.shared);
const port = workerData.port;
const exts = [];
const describe = (e) => e instanceof Error ? e.name + ': ' + e.message : String(e);
function answer(msg) {
  const ext = exts[msg.ext];
  const fn = ext && ext[msg.method];
  if (typeof fn !== 'function') return { ok: false, error: 'has no ' + msg.method + '()' };
  // An analyzer's evaluate may adjust link confidence: ctx.adjustConfidence(link, { kind, value }) is recorded by
  // the link's index and handed back with the answer (the kernel applies it, for score-phase analyzers only).
  const confidence = [];
  // ctx.emitContribution(nodePath, entry, payload): entry is one of the objects of the extension's own ui map (or its
  // key); a copy is not (its key is handed back as null). The payload is checked against the slot's schema outside.
  const emitted = [];
  const ctx = msg.method === 'evaluate' ? msg.args[0] : null;
  if (ctx !== null && typeof ctx === 'object' && Array.isArray(ctx.links)) {
    ctx.adjustConfidence = (link, op) => {
      confidence.push({ link: ctx.links.indexOf(link), kind: op && op.kind, value: op && op.value });
    };
    const ui = ext.ui !== null && typeof ext.ui === 'object' ? ext.ui : {};
    ctx.emitContribution = (nodePath, entry, payload) => {
      let key = null;
      for (const [k, v] of Object.entries(ui)) if (v === entry || (typeof entry === 'string' && entry === k)) key = k;
      emitted.push({ nodePath, key, payload });
    };
  }
  // An extractor's extract(ctx) reports through ctx.emitLink(link); the links are its answer.
  const links = [];
  if (msg.method === 'extract' && msg.args[0] !== null && typeof msg.args[0] === 'object')
    msg.args[0].emitLink = (link) => { links.push(link); };
  let value = fn.apply(ext, msg.args);
  if (msg.method === 'extract' && (value === undefined || value === null)) value = { links };
  if (value !== null && typeof value === 'object' && typeof value.then === 'function')
    return { ok: false, error: 'returned a promise (extensions answer synchronously)' };
  if (confidence.length > 0 || emitted.length > 0) {
    const extra = { ...(confidence.length > 0 ? { confidence } : {}), ...(emitted.length > 0 ? { emitted } : {}) };
    if (Array.isArray(value)) value = { issues: value, ...extra };
    else if (value !== null && typeof value === 'object' && Array.isArray(value.issues)) value = { ...value, ...extra };
  }
  return { ok: true, value };
}
port.on('message', (msg) => {
  let reply;
  try { reply = answer(msg); } catch (e) { reply = { ok: false, error: 'threw ' + describe(e) }; }
  try { port.postMessage(reply); }
  catch (e) { port.postMessage({ ok: false, error: 'answered data that cannot be copied (' + describe(e) + ')' }); }
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
});
(async () => {
  for (const url of workerData.urls) {
    let mod;
    try { mod = await import(url); }
    catch (e) { parentPort.postMessage({ ready: false, entry: url, error: describe(e) }); return; }
    const ext = mod.default;
    exts.push(ext);
  }
  const meta = exts.map((e) => {
    if (e === null || typeof e !== 'object') return null;
    const data = {}; const functions = [];
    for (const [k, v] of Object.entries(e)) {
      if (typeof v === 'function') functions.push(k);
      else { try { data[k] = structuredClone(v); } catch { /* not data */ } }
    }
    return { data, functions };
  });
  parentPort.postMessage({ ready: true, meta });
})();
`;

/** What a module's default export looks like from outside the worker: its data fields and its function names. */
export interface ExportMeta {
  data: Record<string, unknown>;
  functions: string[];
}

/** A loaded plugin's worker. */
export interface PluginHost {
  /** One entry per manifest extension, in order (null when the default export is not an object). */
  readonly meta: readonly (ExportMeta | null)[];
  /** Calls `method` of extension `ext`; throws an Error naming the problem (threw, timed out, bad answer, dead). */
  call(ext: number, method: string, args: readonly unknown[]): unknown;
  /** Why the worker is gone (timed out, closed), or null while it answers. */
  dead(): string | null;
  close(): void;
}

/** Why a plugin's modules could not be imported in its worker. */
export class PluginImportError extends Error {
  constructor(
    readonly entry: string,
    message: string,
  ) {
    super(message);
    this.name = 'PluginImportError';
  }
}

/** The per-call time limit (ms): SKILL_MAP_PLUGIN_TIMEOUT_MS, default 10 s. */
export function pluginTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env['SKILL_MAP_PLUGIN_TIMEOUT_MS']);
  return Number.isFinite(n) && n > 0 ? n : 10_000;
}

/** Starts a worker importing `urls` (module URLs, in manifest order) and waits until they are imported (30 s at most). */
export async function startPluginHost(urls: readonly string[], timeoutMs: number): Promise<PluginHost> {
  const shared = new SharedArrayBuffer(4);
  const flag = new Int32Array(shared);
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { urls: [...urls], shared, port: port2 },
    transferList: [port2],
  });
  worker.unref();
  port1.unref();
  const ready = await new Promise<{
    ready: boolean;
    meta?: (ExportMeta | null)[];
    entry?: string;
    error?: string;
  }>((resolve, reject) => {
    // Starting a worker and importing is slower than a call: at least 30 s, whatever the call limit.
    const limit = Math.max(timeoutMs, 30_000);
    const timer = setTimeout(() => reject(new Error(`importing took longer than ${limit} ms`)), limit);
    worker.once('message', (m: { ready: boolean }) => {
      clearTimeout(timer);
      resolve(m);
    });
    worker.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  }).catch(async (e: unknown) => {
    await worker.terminate();
    throw new PluginImportError('', (e as Error).message);
  });
  if (!ready.ready) {
    await worker.terminate();
    throw new PluginImportError(ready.entry ?? '', ready.error ?? 'import failed');
  }
  let dead: string | null = null;
  return {
    meta: ready.meta ?? [],
    call(ext, method, args) {
      if (dead !== null) throw new Error(dead);
      Atomics.store(flag, 0, 0);
      try {
        port1.postMessage({ ext, method, args });
      } catch (e) {
        throw new Error(`was given data that cannot be copied (${(e as Error).message})`, { cause: e });
      }
      if (Atomics.wait(flag, 0, 0, timeoutMs) === 'timed-out') {
        dead = `did not answer within ${timeoutMs} ms (the plugin was stopped)`;
        void worker.terminate();
        throw new Error(dead);
      }
      const reply = receiveMessageOnPort(port1)?.message as
        { ok: boolean; value?: unknown; error?: string } | undefined;
      if (reply === undefined) throw new Error('gave no answer');
      if (!reply.ok) throw new Error(reply.error ?? 'failed');
      return reply.value;
    },
    dead: () => dead,
    close() {
      dead ??= 'was closed';
      port1.close();
      void worker.terminate();
    },
  };
}
