// Entry point of the skillstate-mcp bin. The only place that calls process.exit for a startup failure.
// Only the handshake gate is imported statically: the server's modules load while a leading `initialize`
// is already being answered, which keeps cold start close to bare `node`. The CommonJS bin front opens the
// gate itself (from a CommonJS bundle, before the ESM loader starts) and passes it in.
import type { EventEmitter } from 'node:events';
import { openHandshakeGate } from './early-handshake.js';

/** One line, whatever the message looks like: stderr readers expect a line per problem. */
function oneLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/\s*\n\s*/g, ' ');
}

/**
 * Launches the stdio server behind the handshake gate (`opened` when the bin front already opened it on stdin).
 * A startup failure (an unusable spec file, an invalid agent id) prints one line
 * to stderr naming the problem and exits 1; stdout stays reserved for the protocol.
 */
export async function main(opened?: EventEmitter): Promise<void> {
  const input = opened ?? openHandshakeGate(process.stdin, process.stdout);
  try {
    const { launch } = await import('./launch.js');
    await launch({ input, output: process.stdout });
  } catch (err) {
    const { redactSecrets } = await import('@skillstate/core');
    process.stderr.write(`skillstate-mcp: ${redactSecrets(oneLine(err))}\n`);
    process.exit(1);
  }
}
