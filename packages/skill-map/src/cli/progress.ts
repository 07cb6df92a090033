import type { CliStream } from './io.js';

/** Per-file progress as the scan engine reports it (`ScanFileEvent`). */
export interface ProgressEvent {
  readonly index: number;
  readonly total: number;
  readonly path: string;
}

/** A one-line live progress bar on a terminal; a no-op when disabled. */
export interface ProgressBar {
  update(event: ProgressEvent): void;
  /** Clears the line (the summary follows on stdout). */
  done(): void;
}

const BAR_WIDTH = 24;
const CLEAR_LINE = '\r\u001b[2K';

/** Renders one frame: `scanning [#######.........]  120/500  path`, cut to the terminal width. */
export function renderProgress(event: ProgressEvent, columns: number): string {
  const total = Math.max(event.total, 1);
  const done = Math.min(event.index + 1, total);
  const filled = Math.round((done / total) * BAR_WIDTH);
  const head = `scanning [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${String(done).padStart(String(total).length)}/${total}  `;
  const room = columns - head.length - 1;
  if (room < 8) return head.trimEnd();
  const path = event.path.length > room ? `…${event.path.slice(event.path.length - room + 1)}` : event.path;
  return `${head}${path}`;
}

/**
 * A progress bar on `stream`, redrawn at most every `intervalMs` (and on the last file). Disabled streams (a
 * pipe, `-q`) get nothing, so piped output stays clean.
 */
export function createProgressBar(
  stream: CliStream,
  enabled: boolean,
  intervalMs = 80,
  now: () => number = () => performance.now(),
): ProgressBar {
  if (!enabled) return { update: () => undefined, done: () => undefined };
  let last = -Infinity;
  stream.write(`${CLEAR_LINE}scanning…`);
  return {
    update(event) {
      const t = now();
      if (t - last < intervalMs && event.index + 1 < event.total) return;
      last = t;
      stream.write(`${CLEAR_LINE}${renderProgress(event, stream.columns ?? 80)}`);
    },
    done() {
      stream.write(CLEAR_LINE);
    },
  };
}
