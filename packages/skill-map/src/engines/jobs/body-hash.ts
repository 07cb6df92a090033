import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

/**
 * Re-reads a node's file and recomputes its body hash exactly as a scan does: the raw-bytes sha256 when the
 * body is the whole file, else the sha256 of the body text (spec §5.2 item 8: the drift check before render).
 */
export function readLiveBody(scopeRoot: string, nodePath: string): LiveBody {
  let bytes: Buffer;
  try {
    bytes = readFileSync(join(scopeRoot, nodePath));
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    return { ok: false, cause: `${nodePath}: ${e.code ?? 'read failed'} (${e.message})` };
  }
  const text = bytes.toString('utf8');
  const body = bodyOf(nodePath, text);
  return { ok: true, body, bodyHash: body === text ? sha256(bytes) : sha256Hex(body) };
}
