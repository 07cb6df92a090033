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

/** `--name` or `-n` as the user typed it. */
const flag = (token: { rawName: string }): string => token.rawName;

/** `unknown option --ful for 'sm scan'; did you mean --full? (see sm scan --help)` */
function unknownOption(raw: string, specs: Readonly<Record<string, OptionSpec>>, command: string): CliError {
  const names = Object.keys(specs).map((n) => `--${n}`);
  const [near] = raw.startsWith('--') ? suggest(raw, names) : [];
  const mean = near === undefined ? '' : `; did you mean ${near}?`;
  return new CliError('USAGE', `unknown option ${raw} for '${command}'${mean} (see ${command} --help)`);
}

/** Option-like tokens the user meant as options, not as the value of the one before (`--db -q`). */
function isKnownFlag(value: string, specs: Readonly<Record<string, OptionSpec>>): boolean {
  if (value.startsWith('--')) return value.slice(2).split('=')[0]! in specs;
  return value.length === 2 && Object.values(specs).some((o) => o.short === value.slice(1));
}

/**
 * Parses one command line against `specs`. The parser runs lenient and the checks are ours, so every usage error
 * is one line in our words (the parser's own messages quote shell syntax and span lines): an unknown option, with
 * the nearest known one; a flag given a value; an option missing its value. A value that starts with a dash
 * (`--limit -3`) is taken as the value, for the verb to judge.
 */
function parse(
  argv: readonly string[],
  specs: Readonly<Record<string, OptionSpec>>,
  command: string,
): { values: OptionValues; positionals: string[] } {
  const { values, positionals, tokens } = parseArgs({
    args: [...argv],
    options: toParseOptions(specs),
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    const spec = specs[token.name];
    if (spec === undefined) throw unknownOption(flag(token), specs, command);
    if (spec.type === 'boolean' && token.value !== undefined)
      throw new CliError('USAGE', `${flag(token)} takes no value (see ${command} --help)`);
    if (
      spec.type === 'string' &&
      (token.value === undefined || (token.inlineValue !== true && isKnownFlag(token.value, specs)))
    ) {
      throw new CliError(
        'USAGE',
        `${flag(token)} needs a value: ${flag(token)} <${spec.value ?? 'value'}> (see ${command} --help)`,
      );
    }
  }
  return { values, positionals };
}

/**
 * Parses the command line: global options anywhere, then the verb, its options and positionals. Unknown
 * verbs, unknown options, missing option values and extra arguments are `USAGE` errors (exit 2).
 */
export function parseInvocation(argv: readonly string[]): Invocation {
  const name = findVerbToken(argv);
  if (name === undefined) {
    const { values } = parse(argv, GLOBAL_OPTIONS, 'sm');
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
  const { values, positionals } = parse(argv, { ...GLOBAL_OPTIONS, ...verb.options }, `sm ${verb.name}`);
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
