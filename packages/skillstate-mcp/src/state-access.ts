// Where a tool call's state lives, and the only code that reads or writes state files for the tools.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  DIFF_BASELINE_NAME,
  loadStateOrDefaults,
  resolveStatePath,
  sanitizeAgentId,
  storedForm,
  withStateLock,
  writeDiffBaseline,
  writeStateFileSync,
} from '@skillstate/core';
import type { JsonObject, StateSchema, StoragePolicy } from '@skillstate/core';
import { McpServerError } from './errors.js';

/** One resolved state file: the directory it lives in carries its baseline, checkpoints and sidecar. */
export interface StateTarget {
  root: string;
  name: string;
  agent: string;
  statePath: string;
  stateDir: string;
}

/** What a server was launched for: its state directory, file name, default agent scope and schema. */
export interface StateAccessOptions {
  root: string;
  name: string;
  agent: string;
  schema: StateSchema;
  /** True keeps credential-shaped strings in clear in the files written (default: redacted on write). */
  keepSecrets?: boolean;
}

/** Sanitises an explicitly given agent id; one that sanitises to nothing is an error, not "the main agent". */
export function resolveAgentId(raw: string): string {
  const id = sanitizeAgentId(raw);
  if (id === '') throw new McpServerError('INVALID_ARGUMENT', `Invalid agent id: ${raw}`);
  return id;
}

/** Resolves and persists state for one server: per-call targets, loads, and writes under the state lock. */
export class StateAccess {
  readonly #options: StateAccessOptions;
  readonly #writes = new Map<string, number>();
  #default: StateTarget | null = null;

  constructor(options: StateAccessOptions) {
    this.#options = options;
  }

  /** The launch-time state directory. */
  get root(): string {
    return this.#options.root;
  }

  /** The launch-time state file name. */
  get name(): string {
    return this.#options.name;
  }

  /** How every file this server writes treats secrets: redacted unless the server was started to keep them. */
  get storage(): StoragePolicy {
    return { keepSecrets: this.#options.keepSecrets === true };
  }

  /**
   * True while the launch-time state directory does not exist: the project was never initialised, and the
   * server must neither read nor create anything.
   */
  isInert(): boolean {
    return !existsSync(this.#options.root);
  }

  /**
   * Resolves a call's target from its `agent` argument, falling back to the server's default scope.
   * Security: the directory and file name are always the launch-time ones (`assertConfined` refuses any
   * argument that tries to name another), and a sanitised agent id can only pick `agents/<id>/` below it.
   */
  target(args: { agent?: unknown }): StateTarget {
    const { root, name } = this.#options;
    const rawAgent = args.agent;
    const agent =
      typeof rawAgent === 'string' && rawAgent !== '' ? resolveAgentId(rawAgent) : this.#options.agent;
    const statePath = resolveStatePath(root, agent === '' ? name : `agents/${agent}/${name}`);
    return { root, name, agent, statePath, stateDir: dirname(statePath) };
  }

  /** The server's default scope (launch root, name and agent). */
  defaultTarget(): StateTarget {
    this.#default ??= this.target({});
    return this.#default;
  }

  /** The stored state, or the schema defaults when there is no file; throws STATE_UNREADABLE for a bad file. */
  load(target: StateTarget): JsonObject {
    return loadStateOrDefaults(target.statePath, this.#options.schema);
  }

  /** Runs `fn` holding the target's cross-process state lock. */
  locked<T>(target: StateTarget, fn: () => T): Promise<T> {
    return withStateLock(target.statePath, fn);
  }

  /**
   * Reads, transforms and writes the target's state under its lock (a bad file throws before anything is
   * written). Returns the state before and after, `after` as written (redacted unless secrets are kept).
   */
  update(
    target: StateTarget,
    compute: (before: JsonObject) => JsonObject,
  ): Promise<{ before: JsonObject; after: JsonObject }> {
    return this.locked(target, () => {
      const before = this.load(target);
      const after = this.commit(target, before, compute(before));
      return { before, after };
    });
  }

  /**
   * Writes `after` as the target's state (callers hold the lock), counts the write, and pins the pre-write
   * state as the diff baseline when there is none yet, so the next `state.diff` reports this write. Returns
   * the state as written (redacted unless secrets are kept).
   */
  commit(target: StateTarget, before: JsonObject | null, after: JsonObject): JsonObject {
    const stored = storedForm(after, this.storage);
    // Already in its stored form: the write need not redact it a second time.
    writeStateFileSync(target.statePath, stored, { keepSecrets: true });
    this.#writes.set(target.statePath, this.writes(target.statePath) + 1);
    if (before !== null && !existsSync(join(target.stateDir, DIFF_BASELINE_NAME))) {
      writeDiffBaseline(target.stateDir, before, this.storage);
    }
    return stored;
  }

  /** How many writes this server applied to `statePath` (patch, rollback, merge). */
  writes(statePath: string): number {
    return this.#writes.get(statePath) ?? 0;
  }
}
