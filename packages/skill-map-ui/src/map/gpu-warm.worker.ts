// Sets up this page's channel to the GPU process off the main thread (see gpu-warmup.ts): one WebGL context on an
// OffscreenCanvas, then one message (whether a context could be made).
const canvas = new OffscreenCanvas(1, 1);
const made = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) !== null;
(self as unknown as { postMessage(ok: boolean): void }).postMessage(made);
