// Runs one conformance case the way the reference's runner does: a fresh scope folder holding a copy of the
// fixture, the implementation spawned in it (prior invocations first), then every assertion in order.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evaluateAssertion } from './assertions.js';
import type { CaseResult, CaseSuite, ConformanceCase, Invocation, InvokeSpec } from './types.js';

/** How the implementation is started: `command` with `prefix` arguments before the case's own. */
export interface Implementation {
  readonly command: string;
  readonly prefix: readonly string[];
  /** Milliseconds one invocation may take before it is killed and the case fails. */
  readonly timeoutMs: number;
}

/** A setup toggle this runner cannot honour (one that disables only part of the built-ins). */
class SetupError extends Error {}

/** The flags that carry out the case's setup: all built-ins off is `--no-built-ins`; a partial switch-off is refused. */
function setupFlags(c: ConformanceCase): string[] {
  const s = c.setup ?? {};
  const toggles = [
    s.disableAllProviders ?? s.disableAllAdapters,
    s.disableAllExtractors ?? s.disableAllDetectors,
    s.disableAllAnalyzers ?? s.disableAllRules,
  ];
  if (toggles.every((t) => t !== true)) return [];
  if (toggles.every((t) => t === true)) return ['--no-built-ins'];
  throw new SetupError(
    'setup disables only some kinds of built-ins; this runner can disable all of them or none',
  );
}

/** The environment of a case: nothing of the caller's skill-map settings, a home of its own. */
function caseEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('SKILL_MAP_')) env[k] = v;
  return { ...env, HOME: home, USERPROFILE: home, NO_COLOR: '1' };
}

function invoke(
  impl: Implementation,
  spec: InvokeSpec,
  extra: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Invocation {
  const argv = [
    spec.verb,
    ...(spec.sub === undefined ? [] : [spec.sub]),
    ...(spec.args ?? []),
    ...(spec.flags ?? []),
    ...extra,
  ];
  const r = spawnSync(impl.command, [...impl.prefix, ...argv], {
    cwd,
    env,
    encoding: 'utf8',
    timeout: impl.timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const timedOut = r.error !== undefined && (r.error as NodeJS.ErrnoException).code === 'ETIMEDOUT';
  return {
    exitCode: r.status,
    stdout: r.stdout ?? '',
    stderr: `${r.stderr ?? ''}${timedOut ? `\n[conformance] killed after ${impl.timeoutMs} ms` : ''}`,
  };
}

/** Runs one case in a throwaway scope and removes it afterwards. */
export function runCase(c: ConformanceCase, suite: CaseSuite, impl: Implementation): CaseResult {
  const started = performance.now();
  const base = mkdtempSync(join(tmpdir(), `sm-conformance-${c.id}-`));
  const scope = join(base, 'scope');
  const home = join(base, 'home');
  const done = (exitCode: number | null, failures: CaseResult['failures']): CaseResult => ({
    id: c.id,
    scope: suite.scope,
    description: c.description,
    passed: failures.length === 0,
    durationMs: Math.round(performance.now() - started),
    exitCode,
    failures,
  });
  try {
    mkdirSync(home, { recursive: true });
    if (c.fixture === undefined) mkdirSync(scope, { recursive: true });
    else cpSync(join(suite.fixturesDir, c.fixture), scope, { recursive: true });
    let flags: string[];
    try {
      flags = setupFlags(c);
    } catch (err) {
      return done(null, [{ assertion: null, type: 'setup', message: (err as Error).message }]);
    }
    const env = caseEnv(home);
    for (const prior of c.setup?.priorInvokes ?? []) invoke(impl, prior, flags, scope, env);
    const run = invoke(impl, c.invoke, flags, scope, env);
    const failures = c.assertions.flatMap((a, i) => {
      const message = evaluateAssertion(a, run, scope, { fixturesDir: suite.fixturesDir });
      return message === null ? [] : [{ assertion: i, type: a.type, message }];
    });
    return done(run.exitCode, failures);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}
