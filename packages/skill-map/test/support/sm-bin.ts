// Runs the BUILT `sm` bin as a child process (cross-process suites).
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The bin and the built entry it imports. */
export const BIN = fileURLToPath(new URL('../../bin/sm.js', import.meta.url));
export const BUILT = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
export const isBuilt = (): boolean => existsSync(BUILT);

/** One finished run of the bin. */
export interface BinRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Options of `runSm`. */
export interface RunSmOptions {
  readonly cwd: string;
  readonly env?: Record<string, string>;
  /** Extra node flags before the bin (e.g. `--import` hooks). */
  readonly nodeArgs?: readonly string[];
}

/** The child environment: no colour, no inherited SKILL_MAP_* settings. */
function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', ...extra };
  for (const key of Object.keys(env)) if (key.startsWith('SKILL_MAP_') && !(key in extra)) delete env[key];
  return env;
}

/** `node bin/sm.js <argv>` to completion. */
export function runSm(argv: readonly string[], opts: RunSmOptions): BinRun {
  const r = spawnSync(process.execPath, [...(opts.nodeArgs ?? []), BIN, ...argv], {
    cwd: opts.cwd,
    env: childEnv(opts.env),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** `node bin/sm.js <argv>` left running (serve, mcp). */
export function spawnSm(argv: readonly string[], opts: RunSmOptions): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [...(opts.nodeArgs ?? []), BIN, ...argv], {
    cwd: opts.cwd,
    env: childEnv(opts.env),
  });
}

/** Every entry under `root` with its size and mtime (to prove a folder was not written to). */
export function listing(root: string): string[] {
  const out: string[] = [];
  const visit = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const abs = join(dir, name);
      const st = statSync(abs, { throwIfNoEntry: false });
      out.push(`${relative(root, abs)} ${st?.size ?? '?'} ${st?.mtimeMs ?? '?'}`);
      if (st?.isDirectory() === true) visit(abs);
    }
  };
  visit(root);
  return out;
}

/** A `--import` flag loading an ES module given as source text. */
export function importFlag(source: string): string[] {
  return ['--import', `data:text/javascript,${encodeURIComponent(source)}`];
}

/**
 * Node flags that print `IMPORT <url>` on stderr for every ES module the child resolves and `IMPORT <id>` for every
 * CommonJS module it requires (better-sqlite3 is loaded with `require`).
 */
export function traceImportsFlags(): string[] {
  const hook = `import { writeSync } from 'node:fs'; export async function resolve(s, c, next) { const r = await next(s, c); writeSync(2, 'IMPORT ' + r.url + '\\n'); return r; }`;
  return importFlag(
    `import { register } from 'node:module'; import Module from 'node:module'; import { writeSync } from 'node:fs';
     register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});
     const load = Module._load;
     Module._load = function (request, ...rest) { writeSync(2, 'IMPORT ' + request + '\\n'); return load.call(this, request, ...rest); };`,
  );
}

/**
 * Node flags that make opening or reading any file whose path ends with `suffix` fail with EACCES (for runs as root,
 * where chmod 000 does not stop a read): both `readFileSync` and `openSync` (the bounded reads open the file).
 */
export function denyReadFlags(suffix: string): string[] {
  return importFlag(
    `import fs from 'node:fs'; import { syncBuiltinESMExports } from 'node:module';
     const denied = (p) => String(p).endsWith(${JSON.stringify(suffix)});
     const eacces = (p) => Object.assign(new Error('EACCES: permission denied, open ' + p), { code: 'EACCES' });
     for (const name of ['readFileSync', 'openSync']) {
       const real = fs[name];
       fs[name] = function (p, ...rest) {
         if (denied(p)) throw eacces(p);
         return real.call(this, p, ...rest);
       };
     }
     syncBuiltinESMExports();`,
  );
}
