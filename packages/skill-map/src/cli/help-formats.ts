// `sm help --format json|md`: the CLI surface as data (the reference's introspection dump, for completion, docs
// generators and agents) and as markdown, both built from the verb table, never maintained by hand.
import { SPEC_VERSION } from '@skill-map/spec';
import { PACKAGE_VERSION } from '../version.js';
import { EXIT } from './errors.js';
import { GLOBAL_OPTIONS, VERBS } from './verbs.js';
import type { OptionSpec, VerbSpec } from './verbs.js';

/** One flag of the dump. */
export interface HelpFlag {
  readonly name: string;
  readonly short?: string;
  readonly type: 'string' | 'boolean';
  readonly value?: string;
  readonly description: string;
}

/** One verb of the dump. */
export interface HelpVerb {
  readonly name: string;
  readonly description: string;
  readonly usage: readonly string[];
  readonly details: readonly string[];
  readonly flags: readonly HelpFlag[];
  readonly subcommands: readonly string[];
  readonly exitCodes: readonly number[];
}

/** The whole dump: `sm help --format json`. */
export interface HelpDump {
  readonly cliVersion: string;
  readonly specVersion: string;
  readonly globalFlags: readonly HelpFlag[];
  readonly verbs: readonly HelpVerb[];
}

/** Codes only some verbs return; every verb may return the rest of `EXIT` except where it says less. */
const VERB_ONLY_CODES: Readonly<Record<number, string>> = {
  [EXIT.duplicate]: 'jobs',
  [EXIT.nonceMismatch]: 'record',
  [EXIT.alreadyServing]: 'serve',
};
const NEVER_FAILING = new Set(['version', 'help']);

function exitCodesOf(verb: VerbSpec): number[] {
  if (NEVER_FAILING.has(verb.name)) return [EXIT.ok, EXIT.operational];
  return Object.values(EXIT)
    .filter((code) => VERB_ONLY_CODES[code] === undefined || VERB_ONLY_CODES[code] === verb.name)
    .sort((a, b) => a - b);
}

function flagsOf(specs: Readonly<Record<string, OptionSpec>>): HelpFlag[] {
  return Object.entries(specs).map(([name, spec]) => ({
    name: `--${name}`,
    ...(spec.short === undefined ? {} : { short: `-${spec.short}` }),
    type: spec.type,
    ...(spec.value === undefined ? {} : { value: spec.value }),
    description: spec.description,
  }));
}

/** Subcommands are the usage lines' second words that are neither an argument nor a flag. */
function subcommandsOf(verb: VerbSpec): string[] {
  const subs = verb.usage
    .map((line) => line.split(/\s+/)[1])
    .filter((w): w is string => w !== undefined && /^[a-z][a-z-]*$/.test(w));
  return [...new Set(subs)];
}

/** The CLI surface as data. */
export function helpDump(verbs: readonly VerbSpec[] = VERBS): HelpDump {
  return {
    cliVersion: PACKAGE_VERSION,
    specVersion: SPEC_VERSION,
    globalFlags: flagsOf(GLOBAL_OPTIONS),
    verbs: verbs.map((verb) => ({
      name: verb.name,
      description: verb.summary,
      usage: verb.usage.map((u) => `sm ${u}`),
      details: verb.details ?? [],
      flags: flagsOf(verb.options),
      subcommands: subcommandsOf(verb),
      exitCodes: exitCodesOf(verb),
    })),
  };
}

const cell = (text: string): string => text.replace(/\|/g, '\\|');

function flagTable(flags: readonly HelpFlag[]): string[] {
  if (flags.length === 0) return [];
  return [
    '| Flag | Description |',
    '| --- | --- |',
    ...flags.map((f) => {
      const label = `${f.short === undefined ? '' : `${f.short}, `}${f.name}${f.value === undefined ? '' : ` <${f.value}>`}`;
      return `| \`${cell(label)}\` | ${cell(f.description)} |`;
    }),
    '',
  ];
}

function verbSection(verb: HelpVerb): string[] {
  return [
    `## sm ${verb.name}`,
    '',
    verb.description,
    '',
    '```',
    ...verb.usage,
    '```',
    '',
    ...(verb.details.length === 0 ? [] : [verb.details.join('\n'), '']),
    ...flagTable(verb.flags),
    `Exit codes: ${verb.exitCodes.join(', ')}.`,
    '',
  ];
}

/** The CLI surface as markdown: one verb (when `only` is given) or all of them with the global flags. */
export function helpMarkdown(only?: VerbSpec): string {
  const dump = helpDump(only === undefined ? VERBS : [only]);
  const head =
    only === undefined
      ? [
          `# sm ${dump.cliVersion} (spec ${dump.specVersion})`,
          '',
          '## Global flags',
          '',
          ...flagTable(dump.globalFlags),
        ]
      : [];
  return [...head, ...dump.verbs.flatMap(verbSection)].join('\n');
}
