import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { CliError } from './errors.js';
import { suggest } from './suggest.js';
import { findVerb, GLOBAL_OPTIONS, VERBS } from './verbs.js';
import type { OptionSpec, OptionValues, VerbSpec } from './verbs.js';

/** What the command line asked for. */
export type Invocation =
  | { readonly kind: 'bare'; readonly options: OptionValues }
  | { readonly kind: 'version'; readonly options: OptionValues }
  | { readonly kind: 'help'; readonly verb: VerbSpec | null; readonly options: OptionValues }
  | {
      readonly kind: 'verb';
      readonly verb: VerbSpec;
      readonly args: string[];
      readonly options: OptionValues;
    };

type ParseOptions = NonNullable<ParseArgsConfig['options']>;

function toParseOptions(specs: Readonly<Record<string, OptionSpec>>): ParseOptions {
  const out: ParseOptions = {};
  for (const [name, spec] of Object.entries(specs))
    out[name] = spec.short === undefined ? { type: spec.type } : { type: spec.type, short: spec.short };
  return out;
}

/** Every option (of any verb) that takes a value, so the verb finder can skip the value token. */
function valueTakingFlags(): Set<string> {
  const flags = new Set<string>();
  for (const specs of [GLOBAL_OPTIONS, ...VERBS.map((v) => v.options)]) {
    for (const [name, spec] of Object.entries(specs)) {
      if (spec.type !== 'string') continue;
      flags.add(`--${name}`);
      if (spec.short !== undefined) flags.add(`-${spec.short}`);
    }
  }
  return flags;
}

/** The first positional token: the verb name (global flags may come before it). */
export function findVerbToken(argv: readonly string[]): string | undefined {
  const valued = valueTakingFlags();
  for (let i = 0; i < argv.length; i += 1) {
    const token = argv[i] as string;
    if (token === '--') return argv[i + 1];
    if (!token.startsWith('-') || token === '-') return token;
    if (valued.has(token)) i += 1;
  }
  return undefined;
}

function parse(
  argv: readonly string[],
  specs: Readonly<Record<string, OptionSpec>>,
  helpFor: string,
): { values: OptionValues; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options: toParseOptions(specs),
      allowPositionals: true,
      strict: true,
    });
    return { values: values as OptionValues, positionals };
  } catch (err) {
    throw new CliError('USAGE', (err as Error).message, {
      hint: `run \`sm help${helpFor}\` for usage`,
      cause: err,
    });
  }
}

/**
 * Parses the command line: global options anywhere, then the verb, its options and positionals. Unknown
 * verbs, unknown options, missing option values and extra arguments are `USAGE` errors (exit 2).
 */
export function parseInvocation(argv: readonly string[]): Invocation {
  const name = findVerbToken(argv);
  if (name === undefined) {
    const { values } = parse(argv, GLOBAL_OPTIONS, '');
    if (values['version'] === true) return { kind: 'version', options: values };
    if (values['help'] === true) return { kind: 'help', verb: null, options: values };
    return { kind: 'bare', options: values };
  }
  const verb = findVerb(name);
  if (verb === undefined) {
    const close = suggest(
      name,
      VERBS.map((v) => v.name),
    ).slice(0, 2);
    const hint =
      close.length > 0
        ? `did you mean ${close.map((c) => `\`sm ${c}\``).join(' or ')}? run \`sm help\` for every verb`
        : 'run `sm help` for every verb';
    throw new CliError('USAGE', `unknown verb '${name}'`, { hint });
  }
  const { values, positionals } = parse(argv, { ...GLOBAL_OPTIONS, ...verb.options }, ` ${verb.name}`);
  const args = positionals.slice(1);
  if (values['help'] === true) return { kind: 'help', verb, options: values };
  if (values['version'] === true) return { kind: 'version', options: values };
  if (args.length > verb.maxArgs) {
    throw new CliError(
      'USAGE',
      `too many arguments for \`sm ${verb.name}\`: ${args
        .slice(verb.maxArgs)
        .map((a) => `'${a}'`)
        .join(' ')}`,
      {
        hint: `usage: sm ${verb.usage.join(' | sm ')}`,
      },
    );
  }
  return { kind: 'verb', verb, args, options: values };
}
