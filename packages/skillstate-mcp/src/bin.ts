// Entry point of the skillstate-mcp bin. The only place that calls process.exit for a startup failure.
// Only the handshake gate is imported statically: the server's modules load while a leading `initialize`
// (and `tools/list`) is already being answered, which keeps cold start close to bare `node`. The CommonJS bin
// front holds the signals and opens the gate itself (from a CommonJS bundle, before the ESM loader starts)
// and passes both in.
import { holdSignals, openHandshakeGate } from './early-handshake.js';
import type { Relay, SignalHold } from './early-handshake.js';

/** One line, whatever the message looks like: stderr readers expect a line per problem. */
function oneLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/\s*\n\s*/g, ' ');
}

/**
 * Launches the stdio server behind the handshake gate (`opened` and `held` when the bin front already opened it
 * on stdin and holds the signals; otherwise both are set up here, signals first, before any byte is read).
 * A startup failure (an unusable spec file, an invalid agent id) prints one line
 * to stderr naming the problem and exits 1; stdout stays reserved for the protocol.
 */
export async function main(opened?: Relay, held?: SignalHold): Promise<void> {
  const heldSignals = held ?? holdSignals();
  const input = opened ?? openHandshakeGate(process.stdin, process.stdout);
  try {
    const { launch } = await import('./launch.js');
    await launch({ input, output: process.stdout, heldSignals, handshake: input });
  } catch (err) {
    const { redactSecrets } = await import('@skillstate/core');
    process.stderr.write(`skillstate-mcp: ${redactSecrets(oneLine(err))}\n`);
    process.exit(1);
  }
}
