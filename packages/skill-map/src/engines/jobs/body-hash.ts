import { join } from 'node:path';
import { readBounded } from '../../adapters/fs/read-bounded.js';
import { DEFAULT_MAX_FILE_SIZE_BYTES } from '../../adapters/fs/walk-types.js';
import { parse as parseToml } from 'smol-toml';
import { sha256 } from '../scan/file-pass.js';
import { sha256Hex, splitFrontmatter } from '../../kernel/index.js';
import { looksBinary } from '../../kernel/util/utf8.js';

/** The node file as it is on disk now: its body (what the job shows the agent) and the scanner's body hash. */
export type LiveBody = { ok: true; body: string; bodyHash: string } | { ok: false; cause: string };

/** The body of a file per the scanner's rules (kernel/node-file.ts): TOML agents, binary files, markdown. */
function bodyOf(path: string, text: string): string {
  if (looksBinary(text)) return text;
  if (path.endsWith('.toml')) {
    try {
      const doc = parseToml(text);
      const instructions = doc['developer_instructions'];
      return typeof instructions === 'string' ? instructions : '';
    } catch {
      return '';
    }
  }
  return splitFrontmatter(text).body;
}

/** The scan's per-file cap (`scan.maxFileSizeBytes`): a node file the scan would skip is not re-read either. */
export function liveBodyCap(config: Readonly<Record<string, unknown>>): number {
  const scan = config['scan'];
  const cap =
    typeof scan === 'object' && scan !== null ? (scan as Record<string, unknown>)['maxFileSizeBytes'] : null;
  return typeof cap === 'number' && Number.isInteger(cap) && cap > 0 ? cap : DEFAULT_MAX_FILE_SIZE_BYTES;
}

/**
 * Re-reads a node's file and recomputes its body hash exactly as a scan does: the raw-bytes sha256 when the
 * body is the whole file, else the sha256 of the body text (spec §5.2 item 8: the drift check before render).
 * Security: a bounded read of a regular file (at most `maxBytes`, the scan's own cap): a node file swapped for a
 * symlink to `/dev/zero` since the scan is unreadable, not an endless read.
 */
export function readLiveBody(scopeRoot: string, nodePath: string, maxBytes: number): LiveBody {
  const read = readBounded(join(scopeRoot, nodePath), maxBytes);
  if (!read.ok)
    return { ok: false, cause: `${nodePath}: ${read.errorCode ?? read.reason} (${read.message})` };
  const bytes = read.bytes;
  const text = bytes.toString('utf8');
  const body = bodyOf(nodePath, text);
  return { ok: true, body, bodyHash: body === text ? sha256(bytes) : sha256Hex(body) };
}
