import type { IncomingMessage } from 'node:http';

/** The outcome of reading a bounded request body. */
export type BodyRead = { tooLarge: true } | { tooLarge: false; text: string };

/** Reads a Node request body up to `maxBytes` (a declared Content-Length above it is refused unread). */
export function readBoundedBody(req: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.resolve({ tooLarge: true });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) {
        req.off('data', onData);
        req.pause();
        resolve({ tooLarge: true });
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () =>
      resolve({
        tooLarge: false,
        text:
          chunks.length === 1 ? (chunks[0]?.toString('utf8') ?? '') : Buffer.concat(chunks).toString('utf8'),
      }),
    );
    req.once('error', reject);
  });
}
