// Runs one conformance case the way the reference's runner does: a fresh scope folder holding a copy of the
// fixture (its drop-in plugins trusted), the case's servers started when it asks for them, the implementation
// spawned in it (prior invocations first), then every assertion in order; everything stopped and removed after.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evaluateAssertion, type AssertionContext } from './assertions.js';
import {
  evaluateParallel,
  httpMatchesSchema,
  startCaseServer,
  startStaticServer,
  trustFixturePlugins,
  type CaseServer,
} from './case-services.js';
import { queryJsonPath } from './json-path.js';
import { argvOf, runOnce, sleep, type Implementation } from './spawn.js';
import type {
  Assertion,
  CaseResult,
  CaseSuite,
  ConformanceCase,
  Invocation,
  InvokeSpec,
  ParallelAssertion,
} from './types.js';

export type { Implementation } from './spawn.js';

/** A setup this runner cannot honour (one that disables only part of the built-ins, a missing fixture). */
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

type Failure = CaseResult['failures'][number];

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

/**
 * Lays a fixture down as the scope's content: everything but `.skill-map/` (the database, kept across the swaps of
 * prior scans) is removed first, then the fixture is copied in and its drop-in plugins are trusted.
 */
async function layDown(
  dir: string | null,
  scope: string,
  impl: Implementation,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  mkdirSync(scope, { recursive: true });
  for (const entry of readdirSync(scope))
    if (entry !== '.skill-map') rmSync(join(scope, entry), { recursive: true, force: true });
  if (dir === null) return;
  cpSync(dir, scope, { recursive: true });
  await trustFixturePlugins(impl, scope, env);
}

/** The setup's prior invokes (captures, expected exits, waits); what went wrong, as failures. */
async function priorInvokes(
  c: ConformanceCase,
  impl: Implementation,
  flags: string[],
  scope: string,
  env: NodeJS.ProcessEnv,
  vars: Map<string, string>,
): Promise<Failure[]> {
  const failures: Failure[] = [];
  for (const prior of c.setup?.priorInvokes ?? []) {
    const run = await runOnce(impl, argvOf(prior, flags, vars), scope, env);
    const want = prior.expectExit ?? 0;
    if ((prior.expectExit !== undefined || prior.capture !== undefined) && run.exitCode !== want)
      failures.push({
        assertion: null,
        type: 'setup',
        message: `prior ${prior.verb}${prior.sub === undefined ? '' : ` ${prior.sub}`} exited ${String(run.exitCode)}, expected ${want}`,
      });
    failures.push(...captureInto(prior, run, vars));
    if (prior.sleepAfterMs !== undefined) await sleep(prior.sleepAfterMs);
  }
  return failures;
}

const isParallel = (a: Assertion): a is ParallelAssertion => a.type.startsWith('parallel-');

/** The case's assertions against its invocation(s); an assertion of the wrong family is an authoring error. */
async function check(
  c: ConformanceCase,
  runs: readonly Invocation[],
  scope: string,
  ctx: AssertionContext,
  server: CaseServer | null,
): Promise<Failure[]> {
  const failures: Failure[] = [];
  const parallel = c.invoke.parallel !== undefined;
  for (const [i, a] of c.assertions.entries()) {
    let message: string | null;
    if (isParallel(a))
      message = parallel ? evaluateParallel(a, runs) : `${a.type} needs invoke.parallel (authoring error)`;
    else if (parallel) message = `${a.type} is ambiguous over a parallel invoke (authoring error)`;
    else if (a.type === 'http-matches-schema') message = await httpMatchesSchema(a, server, ctx);
    else message = evaluateAssertion(a, runs[0]!, scope, ctx);
    if (message !== null) failures.push({ assertion: i, type: a.type, message });
  }
  return failures;
}

/** Options of a run besides the case: schemas that replace ours by file name (`--schemas`). */
export interface RunOptions {
  readonly schemas?: Readonly<Record<string, object>>;
}

/** Runs one case in a throwaway scope and removes it afterwards. */
export async function runCase(
  c: ConformanceCase,
  suite: CaseSuite,
  impl: Implementation,
  opts: RunOptions = {},
): Promise<CaseResult> {
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
  let server: CaseServer | null = null;
  let statics: Server | null = null;
  try {
    mkdirSync(home, { recursive: true });
    const fixture = (name: string): string => {
      const dir = join(suite.fixturesDir, name);
      if (!existsSync(dir)) throw new SetupError(`fixture '${name}' does not exist in ${suite.fixturesDir}`);
      return dir;
    };
    const flags = setupFlags(c);
    const env = caseEnv(home);
    const vars = new Map<string, string>();
    // Each prior scan runs over its own fixture; the database it leaves is what the case's own fixture meets.
    for (const prior of c.setup?.priorScans ?? []) {
      const name = prior.fixture ?? c.fixture;
      await layDown(name === undefined ? null : fixture(name), scope, impl, env);
      await runOnce(impl, argvOf({ verb: 'scan', flags: [...(prior.flags ?? [])] }, flags, vars), scope, env);
    }
    await layDown(c.fixture === undefined ? null : fixture(c.fixture), scope, impl, env);
    if (c.setup?.staticServe !== undefined) {
      const started = await startStaticServer(fixture(c.setup.staticServe.fixture));
      statics = started.server;
      vars.set('staticServeUrl', started.baseUrl);
    }
    if (c.setup?.serve === true) server = await startCaseServer(impl, scope, env, flags);
    const setupFailures = await priorInvokes(c, impl, flags, scope, env, vars);
    const argv = argvOf(c.invoke, flags, vars);
    const runs = await Promise.all(
      Array.from({ length: c.invoke.parallel ?? 1 }, () => runOnce(impl, argv, scope, env)),
    );
    const ctx: AssertionContext = {
      fixturesDir: suite.fixturesDir,
      ...(opts.schemas ? { schemas: opts.schemas } : {}),
    };
    const failures = await check(c, runs, scope, ctx, server);
    return done(runs.length === 1 ? runs[0]!.exitCode : null, [...setupFailures, ...failures]);
  } catch (err) {
    if (err instanceof SetupError || /server did not start/.test((err as Error).message))
      return done(null, [{ assertion: null, type: 'setup', message: (err as Error).message }]);
    throw err;
  } finally {
    await server?.stop();
    if (statics !== null) await new Promise<void>((r) => statics!.close(() => r()));
    rmSync(base, { recursive: true, force: true });
  }
}
