import type { IncomingMessage } from 'node:http';

/** The outcome of reading a bounded request body. */
export type BodyRead = { tooLarge: true } | { tooLarge: false; text: string };

/** Reads a Node request body up to `maxBytes` (a declared Content-Length above it is refused unread). */
export async function readBoundedBody(req: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return { tooLarge: true };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) return { tooLarge: true };
    chunks.push(chunk);
  }
  return { tooLarge: false, text: chunks.length === 1 ? (chunks[0]?.toString('utf8') ?? '') : Buffer.concat(chunks).toString('utf8') };
}
