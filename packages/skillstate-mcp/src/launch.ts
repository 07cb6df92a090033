// launch(): the composition root of a stdio server process.
import { resolveHostStateForCwd, resolveSpec } from '@skillstate/core';
import type { SkillSpec, TokenTracker } from '@skillstate/core';
import type { SignalHold } from './early-handshake.js';
import { installInterruptHandler, recordProtocolVersion, stampRunning } from './lifecycle.js';
import { internalsOf, McpServer } from './server.js';
import type { InputSource } from './server.js';

/** Arguments of {@link launch}; everything is optional. */
export interface LaunchArgs {
  /** The spec object; wins over every file. */
  spec?: SkillSpec;
  /** A spec file; wins over `SKILLSTATE_SPEC_PATH`. Relative paths resolve from the cwd. */
  specPath?: string;
  /** Overrides the state directory resolved from the cwd. */
  root?: string;
  /** Overrides the state file name. */
  name?: string;
  /** Default agent scope; defaults to `SKILLSTATE_AGENT_ID`, else the main agent. */
  agent?: string;
  /** Enables state.metrics. */
  tracker?: TokenTracker;
  /**
   * Keep credential-shaped strings in clear in the files written; defaults to `SKILLSTATE_KEEP_SECRETS=1` in
   * the environment (exactly `1`), else false: everything written is redacted.
   */
  keepSecrets?: boolean;
  /** Defaults to process.stdin. */
  input?: InputSource;
  /** Defaults to process.stdout. */
  output?: NodeJS.WritableStream;
  /** Pass false when the embedding application owns SIGINT/SIGTERM. Default true. */
  installInterruptHandler?: boolean;
  /**
   * Signals held since before the server loaded (the bin's `holdSignals()`): released once the interrupt
   * handler is installed, and one that was held is then handled as if it had just arrived.
   */
  heldSignals?: SignalHold;
  /**
   * What answered the handshake before the server (the bin's gate): the revision its `initialize` answer
   * negotiated, and a `negotiated` event for each later one. Recorded in the session sidecar.
   */
  handshake?: {
    readonly protocolVersion: string | undefined;
    on(event: 'negotiated', listener: (protocolVersion: string) => void): unknown;
  };
}

/**
 * Starts a stdio server for the current working directory. The spec comes from `args.spec`, `args.specPath`,
 * `SKILLSTATE_SPEC_PATH`, `<cwd>/skill-spec.json`, then the built-in generic procedure spec; a named or present
 * spec file that cannot be used rejects (naming the file) instead of falling back. The state always resolves
 * from the cwd (`<cwd>/.skillstate/`, or the global bucket in the home directory).
 *
 * The session is stamped `running` right after the server starts listening, and in any case before the first
 * tool call runs; nothing is stamped while the project is uninitialised. The sidecar's `protocolVersion` is the
 * revision the client negotiated (by `initialize`, answered by the gate or the server, or by the envelope of
 * its 2026-era requests), written with the stamp when known by then, else as soon as it is.
 */
export async function launch(args: LaunchArgs = {}): Promise<McpServer> {
  const cwd = process.cwd();
  const { spec } = resolveSpec({
    spec: args.spec,
    specPath: args.specPath,
    env: process.env,
    projectDir: cwd,
  });
  const location = resolveHostStateForCwd(cwd);
  const server = new McpServer({
    spec,
    root: args.root ?? location.root,
    name: args.name ?? location.name,
    agent: args.agent ?? process.env['SKILLSTATE_AGENT_ID'] ?? '',
    tracker: args.tracker,
    keepSecrets: args.keepSecrets ?? process.env['SKILLSTATE_KEEP_SECRETS'] === '1',
  });
  // The stamp runs once: before the first tool call (so it can never land after anything a tool writes, such
  // as state.finalize) or right after start, whichever comes first. The handshake never waits for it.
  const { deps, connection } = internalsOf(server);
  let stamping: Promise<void> | null = null;
  let recorded: string | undefined;
  const stamp = (): Promise<void> =>
    (stamping ??= (async () => {
      recorded = connection.negotiatedProtocolVersion ?? args.handshake?.protocolVersion;
      await stampRunning(server, recorded);
    })());
  // Sidecar writes of this session, in order: the stamp, then each newly negotiated revision.
  let written: Promise<void> = Promise.resolve();
  const settled = (): Promise<void> => (written = written.then(stamp));
  deps.negotiated = (version) =>
    (written = settled().then(async () => {
      if (version === recorded) return;
      recorded = version;
      await recordProtocolVersion(server, version);
    }));
  args.handshake?.on('negotiated', (version) => void deps.negotiated(version));
  // The server's own `initialize` comes after any the gate answered, so it is the one in force.
  deps.negotiatedVersion = () => connection.negotiatedProtocolVersion ?? args.handshake?.protocolVersion;
  deps.beforeToolCall = stamp;
  await server.start(args.input, args.output);
  setImmediate(() => void stamp());
  if (args.installInterruptHandler !== false) {
    installInterruptHandler(server, { before: settled, held: args.heldSignals });
  } else {
    args.heldSignals?.release();
  }
  return server;
}
