// The session lifecycle of a launched server: the running stamp, and the flush on SIGINT/SIGTERM.
import {
  installShutdown,
  isTerminalStatus,
  readSessionMeta,
  withStateLock,
  writeDiffBaseline,
  writeSessionMeta,
} from '@skillstate/core';
import type { SignalHold } from './early-handshake.js';
import type { McpServer } from './server.js';
import { internalsOf } from './server.js';

/** The exit code of a server stopped by SIGINT or SIGTERM (128 + SIGINT, the shell convention). */
export const INTERRUPT_EXIT_CODE = 130;

/** How long the interrupt flush waits for another process's state lock before giving up on the baseline. */
const FLUSH_LOCK_TIMEOUT_MS = 2000;

/**
 * Stamps the default scope's sidecar `running` (a fresh run: a previous session's finish, result and activity
 * no longer describe this one) with the revision negotiated so far (none yet: the key is left out). Skipped
 * while inert, so nothing is created; failures are swallowed.
 */
export async function stampRunning(server: McpServer, protocolVersion?: string): Promise<void> {
  const { deps } = internalsOf(server);
  if (deps.state.isInert()) return;
  const target = deps.state.defaultTarget();
  try {
    await writeSessionMeta(
      target.stateDir,
      {
        status: 'running',
        startedAt: deps.now().toISOString(),
        agentId: target.agent,
        protocolVersion,
        lastActivityAt: undefined,
        finishedAt: undefined,
        result: undefined,
        mergedAt: undefined,
      },
      deps.state.storage,
    );
  } catch {
    // Best effort: a broken sidecar must not keep the server from serving.
  }
}

/** Records the revision the session negotiated in its sidecar (after the stamp). Best effort, like it. */
export async function recordProtocolVersion(server: McpServer, protocolVersion: string): Promise<void> {
  const { deps } = internalsOf(server);
  if (deps.state.isInert()) return;
  try {
    await writeSessionMeta(deps.state.defaultTarget().stateDir, { protocolVersion }, deps.state.storage);
  } catch {
    // A broken sidecar must not keep the server from serving.
  }
}

/**
 * What an interrupt records: `interrupted` unless the agent (or a merge) already recorded a terminal status,
 * then the diff baseline re-pinned to the surviving state. Nothing is written while inert, nor by a process
 * that only answered `server/discover` (an SDK's disposable version probe, reaped with SIGTERM: it was never
 * a session).
 */
export async function flushInterrupted(server: McpServer): Promise<void> {
  const { deps, connection } = internalsOf(server);
  if (deps.state.isInert() || connection.servedOnlyDiscovery) return;
  const target = deps.state.defaultTarget();
  try {
    if (!isTerminalStatus(readSessionMeta(target.stateDir)?.status)) {
      await writeSessionMeta(
        target.stateDir,
        { status: 'interrupted', lastActivityAt: deps.now().toISOString() },
        deps.state.storage,
      );
    }
  } catch {
    // Best effort, step by step.
  }
  try {
    const pin = (): void => writeDiffBaseline(target.stateDir, deps.state.load(target), deps.state.storage);
    await withStateLock(target.statePath, pin, { timeoutMs: FLUSH_LOCK_TIMEOUT_MS });
  } catch {
    // An unreadable state or a busy lock leaves the baseline as it was.
  }
}

/** Options of {@link installInterruptHandler}. */
export interface InterruptOptions {
  /** Run and awaited before flushing (the launch stamp, so it cannot land after `interrupted`). */
  before?: () => Promise<unknown>;
  /** How to end the process; defaults to `process.exit`. */
  exit?: (code: number) => void;
  /** Signals held before this handler existed; released here, and a held one is handled at once. */
  held?: SignalHold | undefined;
  /** False exits without recording anything (a probe); default true. */
  flush?: boolean;
}

/**
 * On SIGINT/SIGTERM: flush the session (once, however many signals arrive), then exit 130. Returns the
 * uninstall function; the server's `stop()` also uninstalls it. A signal `held` since before the server
 * loaded is handled as soon as the input that arrived before it has been served (so a process that only
 * answered a version probe is still recognised as one): the same outcome as a signal arriving now.
 */
export function installInterruptHandler(server: McpServer, options: InterruptOptions = {}): () => void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let flushing: Promise<void> | null = null;
  const interrupt = (): Promise<void> => {
    flushing ??= (async () => {
      try {
        await options.before?.();
        if (options.flush !== false) await flushInterrupted(server);
      } finally {
        exit(INTERRUPT_EXIT_CODE);
      }
    })();
    return flushing;
  };
  const uninstall = installShutdown(interrupt);
  internalsOf(server).onStop.push(uninstall);
  // Installed first, released second: a signal arriving in between is seen by both, and handled once.
  const heldSignal = options.held?.release() ?? null;
  if (heldSignal !== null) {
    // setImmediate: the held input is delivered on the next ticks; drain() then covers all of it.
    setImmediate(() => {
      const served = internalsOf(server).drain();
      void served.then(interrupt, interrupt).catch(() => undefined);
    });
  }
  return uninstall;
}
