// The one rule that keeps every tool and resource inside the launch-time state directory.
import { McpServerError } from './errors.js';

/**
 * Arguments that would pick a file or directory. State lives under the directory the server resolved at
 * launch, so no call may name one: `agent` is the only way to pick a scope inside it.
 */
export const LOCATION_ARGUMENTS: readonly string[] = [
  'root',
  'name',
  'path',
  'statePath',
  'stateDir',
  'dir',
  'cwd',
];

/** The protocol error for an argument a call must not carry, naming it. */
export function invalidArgument(argument: string, message: string): McpServerError {
  return new McpServerError('INVALID_PARAMS', `Invalid params: ${argument}: ${message}`, {
    data: { argument },
  });
}

/**
 * Refuses (JSON-RPC -32602, naming the argument) any location argument and a non-string `agent`.
 * Security: this runs before any handler, so no argument can move where state is read or written.
 */
export function assertConfined(args: Record<string, unknown>): void {
  for (const key of LOCATION_ARGUMENTS) {
    if (Object.prototype.hasOwnProperty.call(args, key)) {
      throw invalidArgument(
        key,
        "not accepted: state lives in the server's launch-time state directory; use agent to pick a sub-agent scope",
      );
    }
  }
  const agent = args['agent'];
  if (agent !== undefined && typeof agent !== 'string') {
    throw invalidArgument('agent', 'must be a string');
  }
}
