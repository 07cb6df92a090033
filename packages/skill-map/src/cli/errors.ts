// Kept free of the kernel and better-sqlite3: `main` imports this module on every run.
import { isAdapterError } from '../adapters/errors.js';
import type { AdapterErrorCode } from '../adapters/errors.js';
import { isEngineError } from '../engines/errors.js';
import type { EngineErrorCode } from '../engines/errors.js';
import { isServerError } from '../server/errors.js';

/**
 * Stable codes of the failures the CLI itself raises. The job verbs turn structured refusals into the last
 * three: `REFUSED` (exit 2: not running, already terminal, drift, report invalid...), `DUPLICATE` (exit 3) and
 * `NONCE_MISMATCH` (exit 4).
 */
export type CliErrorCode =
  'USAGE' | 'INVALID_QUERY' | 'NOT_FOUND' | 'UNAVAILABLE' | 'REFUSED' | 'DUPLICATE' | 'NONCE_MISMATCH';

/** The one error class of the CLI: a readonly `code`, an optional `hint` (what to do), a chained `cause`. */
export class CliError extends Error {
  readonly code: CliErrorCode;
  /** What the user can do about it, printed on its own line. */
  readonly hint: string | undefined;
  readonly data: Readonly<Record<string, unknown>> | undefined;

  constructor(
    code: CliErrorCode,
    message: string,
    options: { hint?: string; data?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CliError';
    this.code = code;
    this.hint = options.hint;
    this.data = options.data;
  }
}

/**
 * Exit codes of `sm` (spec §16). 3 and 4 belong to the job verbs; 6 is a damaged database; 7 is `sm serve` refused
 * because another `sm serve` serves (or is starting on) the project; 8–15 are reserved.
 */
export const EXIT = {
  ok: 0,
  failing: 1,
  operational: 2,
  duplicate: 3,
  nonceMismatch: 4,
  notFound: 5,
  damaged: 6,
  alreadyServing: 7,
} as const;

const CLI_EXIT: Partial<Record<CliErrorCode, number>> = {
  NOT_FOUND: EXIT.notFound,
  DUPLICATE: EXIT.duplicate,
  NONCE_MISMATCH: EXIT.nonceMismatch,
};

/** An exit code and what `main` prints on stderr for a failure. */
export interface ExitMapping {
  readonly code: number;
  readonly message: string;
  readonly hint?: string;
}

const ADAPTER_NOT_FOUND: ReadonlySet<AdapterErrorCode> = new Set(['DB_NOT_FOUND', 'CONFIG_UNKNOWN_KEY']);

const ADAPTER_HINTS: Partial<Record<AdapterErrorCode, string>> = {
  CONFIG_UNKNOWN_KEY: 'run `sm config list` to see the known keys',
  CONFIG_INVALID_VALUE: 'run `sm config get <key>` to see the current value',
  CONFIG_WRITE_FAILED: 'check that .skill-map/ exists and is writable',
  DB_SCHEMA_DRIFT: 'run `sm scan --yes` to rebuild the database (jobs, findings and other state are lost)',
  DB_OPEN_FAILED: 'check the path and its permissions, or point --db at another file',
  DB_DAMAGED:
    'run `sm scan --full` to rebuild it: the damaged file is kept next to it as skill-map.db.damaged-<time> (jobs, findings and other state stay in that backup)',
  DB_MIGRATION_FAILED:
    'the database was backed up next to itself before the upgrade; restore it or delete the database and run `sm scan`',
  DB_QUERY_FAILED: 'run `sm scan --full` to rewrite the tables, or delete the database and run `sm scan`',
  DB_SERVER_FAILED:
    'check the URL and that the server is up and lets this user in (the password comes from the URL, PGPASSWORD or ~/.pgpass)',
  WALK_ROOT_INVALID: 'pass an existing project folder with --root',
  LOCK_INVALID: 'remove that file: skill-map recreates its locks as it needs them',
  GIT_NOT_REPOSITORY:
    '--changed needs a git checkout: run sm check without it, or from inside the repository',
  GIT_REF_UNKNOWN: 'name a branch, tag or commit that exists here (git fetch it first in a shallow CI clone)',
  SCAN_FAILED: 'this is likely a bug in skill-map; please report it with the file named above',
};

const ENGINE_HINTS: Partial<Record<EngineErrorCode, string>> = {
  'consent-required':
    'pass --yes to allow this one write, or `sm config set allowEditSmFiles true` to allow sidecar edits from now on',
  'sidecar-writers-forbidden':
    'the project settings (.skill-map/settings.json) set allowSidecarWriters: false; ask the team before changing it',
  'db-missing': 'run `sm scan` first',
  'ambiguous-extension': 'prefix the id with action: or analyzer:',
  'node-drifted': 'run `sm scan` first, then retry',
};

const SERVER_HINTS: Readonly<Record<string, string>> = {
  'bind-failed': 'pick another port with --port (0 picks a free one) or stop the process holding it',
};

/**
 * Maps any thrown value to the exit code and message (spec §16): CLI usage and grammar errors → 2, unknown
 * things (node, config key, database, root) → 5, a project another `sm serve` holds → 7, every other typed
 * failure of the adapters, engines and server → 2 (operational), anything unexpected → 2 with an "internal error"
 * prefix.
 */
export function toExit(err: unknown): ExitMapping {
  if (err instanceof CliError) {
    const code = CLI_EXIT[err.code] ?? EXIT.operational;
    return err.hint === undefined
      ? { code, message: err.message }
      : { code, message: err.message, hint: err.hint };
  }
  if (isAdapterError(err)) {
    const code = ADAPTER_NOT_FOUND.has(err.code)
      ? EXIT.notFound
      : err.code === 'DB_DAMAGED'
        ? EXIT.damaged
        : EXIT.operational;
    const hint = ADAPTER_HINTS[err.code];
    return hint === undefined || err.message.includes(hint)
      ? { code, message: err.message }
      : { code, message: err.message, hint };
  }
  if (isEngineError(err)) {
    const code = err.code === 'not-found' ? EXIT.notFound : EXIT.operational;
    const detailHint = err.details?.['hint'];
    const hint = ENGINE_HINTS[err.code] ?? (typeof detailHint === 'string' ? detailHint : undefined);
    return hint === undefined || err.message.includes(hint)
      ? { code, message: err.message }
      : { code, message: err.message, hint };
  }
  if (isServerError(err)) {
    const code = err.code === 'already-serving' ? EXIT.alreadyServing : EXIT.operational;
    const hint = SERVER_HINTS[err.code];
    return hint === undefined ? { code, message: err.message } : { code, message: err.message, hint };
  }
  const detail = err instanceof Error ? err.message : String(err);
  return {
    code: EXIT.operational,
    message: `internal error: ${detail}`,
    hint: 'this is a bug in skill-map; please report it with the command you ran',
  };
}
