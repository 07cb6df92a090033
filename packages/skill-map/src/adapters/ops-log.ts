import { appendFile, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { errnoCode } from './errors.js';

/** Who performed a mutation. */
export type OpsChannel = 'cli' | 'ui' | 'watcher' | 'hook' | 'mcp';

/** One state-mutating operation (spec §11). `target` is a node path or `*`. */
export interface OpsLogEntry {
  readonly op: string;
  readonly target: string;
  readonly extension?: string;
  readonly channel: OpsChannel;
  readonly outcome: string;
  readonly id?: string;
  readonly detail?: string;
}

/** The append-only operations log of a project. */
export interface OpsLog {
  /** Queues one line; never throws and never waits for the disk. */
  append(entry: OpsLogEntry): void;
  /** Resolves once every queued line was written (or dropped); await it before a CLI process exits. */
  flush(): Promise<void>;
  readonly path: string;
}

/** Options of `createOpsLog`. */
export interface OpsLogOptions {
  readonly projectRoot: string;
  /** Rotation threshold. Default 1 MiB. */
  readonly maxBytes?: number;
  readonly now?: () => Date;
  /** Called with a write failure (the log itself swallows it). */
  readonly onError?: (err: unknown) => void;
}

/** Directory of the log (the log is written only when it already exists). */
export const OPS_LOG_DIR = '.skill-map';
/** File name of the log; the single rotated generation gets `.1`. */
export const OPS_LOG_FILE = 'operations.log';
const DEFAULT_MAX_BYTES = 1024 * 1024;

/** Serialises an entry: `at` first, then the fields in the writer's order, absent fields omitted. */
export function formatOpsLine(entry: OpsLogEntry, at: Date): string {
  const line: Record<string, string> = { at: at.toISOString(), op: entry.op, target: entry.target };
  if (entry.extension !== undefined) line['extension'] = entry.extension;
  line['channel'] = entry.channel;
  line['outcome'] = entry.outcome;
  if (entry.id !== undefined) line['id'] = entry.id;
  if (entry.detail !== undefined) line['detail'] = entry.detail;
  return `${JSON.stringify(line)}\n`;
}

async function sizeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return 0;
    throw err;
  }
}

/**
 * Creates the JSONL operations log at `<projectRoot>/.skill-map/operations.log`. Lines are written in
 * order through one queue; nothing is written when `.skill-map/` does not exist; when a line would take
 * the file past `maxBytes` the file is first renamed to `operations.log.1` (one generation kept).
 */
export function createOpsLog(opts: OpsLogOptions): OpsLog {
  const dir = join(opts.projectRoot, OPS_LOG_DIR);
  const path = join(dir, OPS_LOG_FILE);
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const now = opts.now ?? (() => new Date());
  let queue: Promise<void> = Promise.resolve();

  const write = async (line: string): Promise<void> => {
    try {
      if (!(await stat(dir)).isDirectory()) return;
    } catch {
      return;
    }
    const size = await sizeOf(path);
    if (size > 0 && size + Buffer.byteLength(line) > maxBytes) await rename(path, `${path}.1`);
    await appendFile(path, line, { encoding: 'utf8', mode: 0o644 });
  };

  return {
    path,
    append(entry) {
      let line: string;
      try {
        line = formatOpsLine(entry, now());
      } catch (err) {
        opts.onError?.(err);
        return;
      }
      queue = queue.then(() => write(line)).catch((err: unknown) => opts.onError?.(err));
    },
    flush: () => queue,
  };
}
