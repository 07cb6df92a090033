// Entry point of the skillstate-mcp bin. The only place that calls process.exit for a startup failure.
import { redactSecrets } from '@skillstate/core';
import { launch } from './launch.js';

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
  try {
    await launch();
  } catch (err) {
    process.stderr.write(`skillstate-mcp: ${redactSecrets(oneLine(err))}\n`);
    process.exit(1);
  }
}
