// The composition root of `sm`: parse, resolve the project, lazy-load ONE verb, map its result or error to an
// exit code. Only this module decides exit codes; it never calls process.exit (the bin sets process.exitCode).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { hasDropIns, pluginRoots } from '../adapters/plugins/plugin-roots.js';
import { parseInvocation } from './args.js';
import { CliError, EXIT, toExit } from './errors.js';
import type { ExitMapping } from './errors.js';
import { renderGeneralHelp } from './help.js';
import { createOutput, resolveIo } from './io.js';
import type { CliIo, Output } from './io.js';
import type { Lifecycle } from './lifecycle-hooks.js';
import { resolveProject } from './project.js';
import { watchStdout } from './stdout-watch.js';
import type { StdoutWatch } from './stdout-watch.js';
import { elapsedMs, findVerb, formatElapsed } from './verbs.js';
import type { OptionValues, VerbContext, VerbResult, VerbSpec } from './verbs.js';

export type { CliIo, CliStream } from './io.js';
export { EXIT } from './errors.js';

/** The process's boot/shutdown hooks (lifecycle-hooks.ts), found by the verb's run; null: none. */
interface LifecycleSlot {
  readonly argv: readonly string[];
  hooks: Lifecycle | null;
}

const TRUTHY = new Set(['1', 'true', 'yes', 'on']);

function outputFor(options: OptionValues, io: CliIo, stdout: StdoutWatch): Output {
  const envJson = TRUTHY.has((io.env['SKILL_MAP_JSON'] ?? '').toLowerCase());
  return createOutput(io, {
    json: options['json'] === true || envJson,
    quiet: options['quiet'] === true,
    noColor: options['no-color'] === true,
    stdout,
  });
}

function report(output: Output, failure: ExitMapping): void {
  const hint = failure.hint === undefined ? '' : ` — ${failure.hint}`;
  output.warn(`sm: ${failure.message}${hint}`);
}

/** Verbs whose stdout is a protocol: a plugin's hook may print, so they tell no lifecycle hooks. */
const PROTOCOL_VERBS = new Set(['mcp', 'lsp']);

async function runVerb(
  verb: VerbSpec,
  args: readonly string[],
  options: OptionValues,
  io: CliIo,
  output: Output,
  startedAt: number,
  life: LifecycleSlot,
): Promise<VerbResult> {
  const needsProject = verb.name !== 'help' && verb.name !== 'version';
  const project = needsProject
    ? resolveProject(options, io, verb)
    : { root: io.cwd, dbPath: '', dbExplicit: false };
  if (
    needsProject &&
    !PROTOCOL_VERBS.has(verb.name) &&
    options['no-plugins'] !== true &&
    hasDropIns(pluginRoots(project.root, io.env))
  ) {
    const { lifecycleHooks } = await import('./lifecycle-hooks.js');
    life.hooks = await lifecycleHooks(project.root, io, options['no-built-ins'] !== true);
    life.hooks?.tell('boot', { argv: life.argv }, output);
  }
  const ctx: VerbContext = { args, options, project, output, io, startedAt };
  const module = await verb.load();
  const result = await module.run(ctx);
  if (verb.timed === true && (await output.flush())) output.info(`done in ${formatElapsed(elapsedMs(ctx))}`);
  return result;
}

/** Bare `sm`: serve a project that has `.skill-map/`, otherwise say how to start (exit 2). */
async function runBare(
  options: OptionValues,
  io: CliIo,
  output: Output,
  startedAt: number,
  life: LifecycleSlot,
): Promise<VerbResult> {
  const project = resolveProject(options, io);
  const serve = findVerb('serve');
  if (serve !== undefined && existsSync(join(project.root, '.skill-map')))
    return runVerb(serve, [], options, io, output, startedAt, life);
  output.warn(renderGeneralHelp());
  throw new CliError('USAGE', `no skill-map project in ${project.root} (.skill-map/ not found)`, {
    hint: 'run `sm init` and `sm scan`, or pick a verb above',
  });
}

async function dispatch(
  argv: readonly string[],
  io: CliIo,
  startedAt: number,
  stdout: StdoutWatch,
  setOutput: (o: Output) => void,
  life: LifecycleSlot,
): Promise<VerbResult> {
  const inv = parseInvocation(argv);
  const output = outputFor(inv.options, io, stdout);
  setOutput(output);
  switch (inv.kind) {
    case 'version':
      return runVerb(findVerb('version') as VerbSpec, [], inv.options, io, output, startedAt, life);
    case 'help':
      return runVerb(
        findVerb('help') as VerbSpec,
        inv.verb === null ? [] : [inv.verb.name],
        inv.options,
        io,
        output,
        startedAt,
        life,
      );
    case 'bare':
      return runBare(inv.options, io, output, startedAt, life);
    case 'verb':
      return runVerb(inv.verb, inv.args, inv.options, io, output, startedAt, life);
  }
}

/**
 * Runs `sm` with `argv` (without the node and script paths) and resolves to the exit code (`EXIT`, spec §16): 0 ok,
 * 1 failing (issues of severity error, nothing to claim), 2 operational or usage error, 3 duplicate job, 4 nonce
 * mismatch, 5 not found, 6 damaged database. `io` replaces the process streams, environment and working directory
 * (tests run the CLI in process this way). A reader that closes stdout early (`sm list | head`) ends the run quietly
 * with 0: nothing more is written and nothing is reported.
 */
export async function main(argv: readonly string[], io: Partial<CliIo> = {}): Promise<number> {
  const startedAt = performance.now();
  const resolved = resolveIo(io);
  const stdout = watchStdout(resolved.stdout);
  let output = outputFor({}, resolved, stdout);
  const life: LifecycleSlot = { argv: [...argv], hooks: null };
  const code = await (async (): Promise<number> => {
    try {
      const result = await dispatch(argv, resolved, startedAt, stdout, (o) => (output = o), life);
      if (!(await output.flush())) return EXIT.ok;
      return result.failing === true ? EXIT.failing : EXIT.ok;
    } catch (err) {
      if (!(await output.flush())) return EXIT.ok;
      const failure = toExit(err);
      report(output, failure);
      return failure.code;
    }
  })();
  // The drop-in hooks told of the end (they cannot change the code), then their warnings flushed.
  if (life.hooks !== null) {
    life.hooks.tell('shutdown', { exitCode: code }, output);
    await output.flush();
  }
  return code;
}
