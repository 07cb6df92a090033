// A page's first WebGL context waits, on the thread that asks for it, while the browser sets up the page's channel to
// the GPU process: ~0.1-0.9 s under software WebGL (SwiftShader), in one task, which is most of what creating the
// map's sigma (three WebGL contexts) used to cost on the main thread before the first map. The channel is shared by
// the page's threads, so a worker that makes a context first takes that wait off the main thread: the map's
// contexts then take a few milliseconds each. The map view creates its renderer once the warm-up is done.
// Without workers or OffscreenCanvas (the MCP Apps view's CSP allows no worker), or if the worker fails or takes
// too long, the map is created anyway and pays the wait as before.

/** How long the map waits for the warm-up at most. */
const WARMUP_LIMIT_MS = 3000;

/** A warm-up under way or done: `ready` resolves when it is done, failed or took longer than WARMUP_LIMIT_MS. */
export interface GpuWarmup {
  ready: Promise<void>;
  /** Ends the worker (the map view's unmount). */
  stop(): void;
}

/**
 * Starts the warm-up. The worker is kept (idle) until `stop`: terminating it as soon as it answered made the main
 * thread wait, in one task, while the worker's context was torn down behind the GPU process's first frames.
 */
export function warmGpu(): GpuWarmup {
  let worker: Worker | null = null;
  const stop = (): void => {
    worker?.terminate();
    worker = null;
  };
  const ready = new Promise<void>((resolve) => {
    if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return resolve();
    const done = (): void => {
      clearTimeout(timer);
      resolve();
    };
    const failed = (): void => {
      stop();
      done();
    };
    const timer = setTimeout(failed, WARMUP_LIMIT_MS);
    try {
      worker = new Worker(new URL('./gpu-warm.worker.ts', import.meta.url), {
        type: 'module',
        name: 'gpu-warmup',
      });
      worker.onmessage = done;
      worker.onerror = failed;
    } catch {
      failed();
    }
  });
  return { ready, stop };
}
