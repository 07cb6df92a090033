// Runs one conformance case the way the reference's runner does: a fresh scope folder holding a copy of the
// fixture, the implementation spawned in it (prior invocations first), then every assertion in order.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evaluateAssertion } from './assertions.js';
import { queryJsonPath } from './json-path.js';
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

/** `{{name}}` in an argument, replaced by what a prior invoke captured (left as written when nothing was). */
const fill = (arg: string, vars: ReadonlyMap<string, string>): string =>
  arg.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => vars.get(name) ?? whole);

function invoke(
  impl: Implementation,
  spec: InvokeSpec,
  extra: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  vars: ReadonlyMap<string, string> = new Map(),
): Invocation {
  const argv = [
    spec.verb,
    ...(spec.sub === undefined ? [] : [spec.sub]),
    ...(spec.args ?? []).map((a) => fill(a, vars)),
    ...(spec.flags ?? []).map((a) => fill(a, vars)),
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

type Failure = CaseResult['failures'][number];

/** Blocks for `ms` (a prior invoke's `sleepAfterMs`: the runner is synchronous, one case at a time). */
const sleep = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

/** What a prior invoke's `capture` binds: each name to the first value its JSONPath selects in the JSON stdout. */
function captureInto(spec: InvokeSpec, run: Invocation, vars: Map<string, string>): Failure[] {
  const failures: Failure[] = [];
  let doc: unknown;
  try {
    doc = JSON.parse(run.stdout);
  } catch {
    doc = undefined;
  }
  for (const [name, path] of Object.entries(spec.capture ?? {})) {
    const value = doc === undefined ? undefined : queryJsonPath(doc, path)[0];
    if (value === undefined)
      failures.push({ assertion: null, type: 'setup', message: `capture ${name}: ${path} selects nothing` });
    else vars.set(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return failures;
}

/** The setup's prior scans, then its prior invokes (captures, expected exits, waits); what went wrong, as failures. */
function priorSteps(
  c: ConformanceCase,
  impl: Implementation,
  flags: string[],
  scope: string,
  env: NodeJS.ProcessEnv,
  vars: Map<string, string>,
): Failure[] {
  const failures: Failure[] = [];
  for (const scan of c.setup?.priorScans ?? [])
    invoke(impl, { verb: 'scan', flags: [...(scan.flags ?? [])] }, flags, scope, env);
  for (const prior of c.setup?.priorInvokes ?? []) {
    const run = invoke(impl, prior, flags, scope, env, vars);
    const want = prior.expectExit ?? 0;
    if (prior.expectExit !== undefined || prior.capture !== undefined) {
      if (run.exitCode !== want)
        failures.push({
          assertion: null,
          type: 'setup',
          message: `prior ${prior.verb}${prior.sub === undefined ? '' : ` ${prior.sub}`} exited ${String(run.exitCode)}, expected ${want}`,
        });
    }
    failures.push(...captureInto(prior, run, vars));
    if (prior.sleepAfterMs !== undefined) sleep(prior.sleepAfterMs);
  }
  return failures;
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
    const vars = new Map<string, string>();
    const setupFailures = priorSteps(c, impl, flags, scope, env, vars);
    const run = invoke(impl, c.invoke, flags, scope, env, vars);
    const failures = c.assertions.flatMap((a, i) => {
      const message = evaluateAssertion(a, run, scope, { fixturesDir: suite.fixturesDir });
      return message === null ? [] : [{ assertion: i, type: a.type, message }];
    });
    return done(run.exitCode, [...setupFailures, ...failures]);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}
