// Entry point of the skillstate-mcp bin. The only place that calls process.exit for a startup failure.
// Only the handshake gate is imported statically: the server's modules load while a leading `initialize`
// is already being answered, which keeps cold start close to bare `node`.
import { openHandshakeGate } from './early-handshake.js';

/** One line, whatever the message looks like: stderr readers expect a line per problem. */
function oneLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/\s*\n\s*/g, ' ');
}

/**
 * Launches the stdio server. A startup failure (an unusable spec file, an invalid agent id) prints one line
 * to stderr naming the problem and exits 1; stdout stays reserved for the protocol.
 */
export async function main(): Promise<void> {
  const input = openHandshakeGate(process.stdin, process.stdout);
  try {
    const { launch } = await import('./launch.js');
    await launch({ input, output: process.stdout });
  } catch (err) {
    const { redactSecrets } = await import('@skillstate/core');
    process.stderr.write(`skillstate-mcp: ${redactSecrets(oneLine(err))}\n`);
    process.exit(1);
  }
}
