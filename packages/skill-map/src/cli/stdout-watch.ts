import { Writable } from 'node:stream';
import type { CliStream } from './io.js';

/**
 * Whether the reader of stdout went away. `sm list | head` closes the pipe once it has its lines; the writes
 * after that fail with EPIPE, which is the reader's choice, not a failure of the verb: the run ends quietly.
 */
export interface StdoutWatch {
  /** True once a write failed because nobody reads stdout any more. */
  readonly closed: () => boolean;
  /** Resolves once every write so far reached the reader or failed: true while stdout is still open. */
  flush(): Promise<boolean>;
}

const GONE = new Set(['EPIPE', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_WRITE_AFTER_END']);

/** Watches a real writable stdout; a captured stream (tests) is never closed. */
export function watchStdout(stream: CliStream): StdoutWatch {
  if (!(stream instanceof Writable)) return { closed: () => false, flush: () => Promise.resolve(true) };
  let closed = false;
  const onError = (err: NodeJS.ErrnoException): void => {
    if (err.code !== undefined && GONE.has(err.code)) closed = true;
    else throw err;
  };
  stream.on('error', onError);
  return {
    closed: () => closed,
    flush: () =>
      closed || stream.destroyed
        ? Promise.resolve(false)
        : new Promise((resolve) => {
            stream.write('', (err) => {
              if (err !== undefined && err !== null) closed = true;
              resolve(!closed);
            });
          }),
  };
}
