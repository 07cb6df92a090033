import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { CliError } from '../errors.js';
import { runCase } from '../conformance/run-case.js';
import type { Implementation } from '../conformance/run-case.js';
import { builtInSuites, folderSuite, packageRoot, readCases } from '../conformance/suites.js';
import type { CaseResult, CaseSuite } from '../conformance/types.js';
import { elapsedMs } from '../verbs.js';
import type { VerbContext, VerbResult } from '../verbs.js';

const opt = (ctx: VerbContext, name: string): string | undefined => {
  const v = ctx.options[name];
  return typeof v === 'string' ? v : undefined;
};

/** The suites `--scope` (or `--cases`) selects; an unknown scope is a usage error listing the known ones. */
function selectSuites(ctx: VerbContext): { label: string; suites: CaseSuite[] } {
  const dir = opt(ctx, 'cases');
  const scope = opt(ctx, 'scope');
  if (dir !== undefined) {
    if (scope !== undefined) throw new CliError('USAGE', '--cases and --scope exclude each other');
    const suite = folderSuite(dir);
    return { label: suite.scope, suites: [suite] };
  }
  const all = builtInSuites();
  if (scope === undefined || scope === 'all') return { label: 'all', suites: all };
  const chosen = all.filter((s) => s.scope === scope);
  if (chosen.length === 0)
    throw new CliError('USAGE', `unknown conformance scope '${scope}'`, {
      hint: `use all, ${all.map((s) => s.scope).join(', ')}, or --cases <dir>`,
    });
  return { label: scope, suites: chosen };
}

/** This sm (the package's own bin under this Node), or `--bin <path>`: a .js file under Node, else a command. */
function implementation(ctx: VerbContext): Implementation {
  const raw = opt(ctx, 'timeout');
  const seconds = raw === undefined ? 120 : Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new CliError('USAGE', `--timeout must be a positive number of seconds, got '${raw ?? ''}'`);
  const bin = opt(ctx, 'bin');
  const timeoutMs = Math.round(seconds * 1000);
  if (bin === undefined)
    return { command: process.execPath, prefix: [join(packageRoot(), 'bin', 'sm.js')], timeoutMs };
  // A path is taken from where sm runs (each case spawns it in its own scope folder); a bare name is a command.
  if (/\.[cm]?js$/.test(bin)) return { command: process.execPath, prefix: [resolve(bin)], timeoutMs };
  return { command: bin.includes('/') || bin.includes('\\') ? resolve(bin) : bin, prefix: [], timeoutMs };
}

/**
 * `--schemas <dir>`: every `*.schema.json` under the folder, keyed by its path there (`api/rest-envelope.schema.json`),
 * used instead of ours of the same name: how a held-out copy of another implementation's schemas is checked.
 */
function overlaySchemas(ctx: VerbContext): Record<string, object> | undefined {
  const dir = opt(ctx, 'schemas');
  if (dir === undefined) return undefined;
  const out: Record<string, object> = {};
  const walk = (d: string): void => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      throw new CliError('USAGE', `--schemas: cannot read the folder ${d}`);
    }
    for (const e of entries) {
      const full = join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith('.schema.json')) {
        try {
          out[relative(dir, full).split('\\').join('/')] = JSON.parse(readFileSync(full, 'utf8')) as object;
        } catch (err) {
          throw new CliError('USAGE', `--schemas: ${full} is not JSON: ${(err as Error).message}`);
        }
      }
    }
  };
  walk(dir);
  return out;
}

/** The reference's result shape: totals, then each suite (scope) with each case's status and failures. */
function resultDocument(ctx: VerbContext, suites: readonly CaseSuite[], results: readonly CaseResult[]) {
  const scopes = suites
    .map((suite) => {
      const own = results.filter((r) => r.scope === suite.scope);
      return {
        label: suite.scope,
        passCount: own.filter((r) => r.passed).length,
        caseCount: own.length,
        cases: own.map((r) => ({
          id: r.id,
          status: r.passed ? ('pass' as const) : ('fail' as const),
          failures: r.failures.map((f) => ({
            type: f.type,
            reason: f.assertion === null ? f.message : `#${f.assertion}: ${f.message}`,
          })),
        })),
      };
    })
    .filter((s) => s.caseCount > 0 || results.length === 0);
  const passCount = results.filter((r) => r.passed).length;
  return {
    ok: true as const,
    kind: 'conformance.result' as const,
    totals: {
      scopes: scopes.length,
      cases: results.length,
      passCount,
      failCount: results.length - passCount,
    },
    scopes,
    elapsedMs: elapsedMs(ctx),
  };
}

function printHuman(ctx: VerbContext, results: readonly CaseResult[]): void {
  for (const r of results) {
    ctx.output.out(`${r.passed ? 'PASS' : 'FAIL'}  ${r.scope}/${r.id}`);
    for (const f of r.failures)
      ctx.output.out(`      ${f.assertion === null ? f.type : `#${f.assertion} ${f.type}`}: ${f.message}`);
  }
}

/**
 * `sm conformance run [--scope all|spec|provider:<id>] [--case <id>] [--cases <dir>] [--bin <path>]`: runs
 * conformance cases (the reference's format) against this sm, or another implementation. Exit 0 when every case
 * passed, 1 when one failed, 2 on a configuration error (unknown scope, a file that is not a valid case).
 */
export async function run(ctx: VerbContext): Promise<VerbResult> {
  const [sub] = ctx.args;
  if (sub !== 'run')
    throw new CliError('USAGE', sub === undefined ? 'missing subcommand' : `unknown subcommand '${sub}'`, {
      hint: 'usage: sm conformance run [--scope all|spec|provider:<id>] [--case <id>] [--cases <dir>]',
    });
  const { label, suites } = selectSuites(ctx);
  const impl = implementation(ctx);
  const only = opt(ctx, 'case');
  const planned = suites.flatMap((suite) => readCases(suite).map((c) => ({ suite, c })));
  const selected = only === undefined ? planned : planned.filter((p) => p.c.id === only);
  if (only !== undefined && selected.length === 0)
    throw new CliError('NOT_FOUND', `no conformance case '${only}' in ${label}`);
  const schemas = overlaySchemas(ctx);
  const results: CaseResult[] = [];
  for (const { suite, c } of selected)
    results.push(await runCase(c, suite, impl, schemas === undefined ? {} : { schemas }));
  const passed = results.filter((r) => r.passed).length;
  const failed = results.length - passed;
  if (ctx.output.jsonMode) ctx.output.json(resultDocument(ctx, suites, results));
  else {
    printHuman(ctx, results);
    ctx.output.summary(`${passed} passed, ${failed} failed (${label})`);
  }
  return { failing: failed > 0 };
}
