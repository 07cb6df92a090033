// A page's first WebGL context waits, on the thread that asks for it, while the browser sets up the page's channel to
// the GPU process: ~0.1-0.9 s under software WebGL (SwiftShader), in one task, which is most of what creating the
// map's sigma (three WebGL contexts) used to cost on the main thread before the first map. The channel is shared by
// the page's threads, so a worker that makes a context first takes that wait off the main thread: the map's
// contexts then take a few milliseconds each. The map view creates its renderer once the warm-up is done.
// Without workers or OffscreenCanvas (the MCP Apps view's CSP allows no worker), or if the worker fails or takes
// too long, the map is created anyway and pays the wait as before.

/** How long the map waits for the warm-up at most. */
const WARMUP_LIMIT_MS = 3000;

/** Runs the warm-up; resolves when it is done, failed or took longer than WARMUP_LIMIT_MS. */
export function warmGpu(): Promise<void> {
  return new Promise<void>((resolve) => {
    if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return resolve();
    let worker: Worker | null = null;
    const done = (): void => {
      clearTimeout(timer);
      worker?.terminate();
      resolve();
    };
    const timer = setTimeout(done, WARMUP_LIMIT_MS);
    try {
      worker = new Worker(new URL('./gpu-warm.worker.ts', import.meta.url), {
        type: 'module',
        name: 'gpu-warmup',
      });
      worker.onmessage = done;
      worker.onerror = done;
    } catch {
      done();
    }
  });
}
