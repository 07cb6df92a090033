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
  /**
   * A probe only answers: no session is stamped, no revision recorded, no interrupt flushed. Defaults to
   * `SKILLSTATE_PROBE=1` in the environment (what `skillstate status` sets to check a host's command).
   */
  probe?: boolean;
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

/** The session bookkeeping of a launched server: the running stamp, and the chain of sidecar writes. */
interface SessionRecorder {
  stamp: () => Promise<void>;
  settled: () => Promise<void>;
}

/**
 * Wires the session record: the stamp runs once, before the first tool call (so it can never land after
 * anything a tool writes, such as state.finalize) or right after start, whichever comes first; each newly
 * negotiated revision is written after it. The handshake never waits for it.
 */
function recordSession(server: McpServer, handshake: LaunchArgs['handshake']): SessionRecorder {
  const { deps, connection } = internalsOf(server);
  let stamping: Promise<void> | null = null;
  let recorded: string | undefined;
  const stamp = (): Promise<void> =>
    (stamping ??= (async () => {
      recorded = connection.negotiatedProtocolVersion ?? handshake?.protocolVersion;
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
  handshake?.on('negotiated', (version) => void deps.negotiated(version));
  deps.beforeToolCall = stamp;
  return { stamp, settled };
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
 * its 2026-era requests), written with the stamp when known by then, else as soon as it is. A probe
 * (`SKILLSTATE_PROBE=1`, as `skillstate status` starts it) records no session at all.
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
  const { deps, connection } = internalsOf(server);
  // The server's own `initialize` comes after any the gate answered, so it is the one in force.
  deps.negotiatedVersion = () => connection.negotiatedProtocolVersion ?? args.handshake?.protocolVersion;
  const probe = args.probe ?? process.env['SKILLSTATE_PROBE'] === '1';
  const session = probe ? null : recordSession(server, args.handshake);
  await server.start(args.input, args.output);
  if (session !== null) setImmediate(() => void session.stamp());
  if (args.installInterruptHandler !== false) {
    installInterruptHandler(server, { before: session?.settled, held: args.heldSignals, flush: !probe });
  } else {
    args.heldSignals?.release();
  }
  return server;
}
