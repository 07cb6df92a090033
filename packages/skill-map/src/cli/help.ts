import { EXIT } from './errors.js';
import { GLOBAL_OPTIONS, VERBS } from './verbs.js';
import type { OptionSpec, VerbSpec } from './verbs.js';

function optionLabel(name: string, spec: OptionSpec): string {
  const long = `--${name}${spec.type === 'string' ? ` <${spec.value ?? 'value'}>` : ''}`;
  return spec.short === undefined ? `    ${long}` : `-${spec.short}, ${long}`;
}

function optionLines(specs: Readonly<Record<string, OptionSpec>>): string[] {
  const rows = Object.entries(specs).map(
    ([name, spec]) => [optionLabel(name, spec), spec.description] as const,
  );
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows.map(([label, description]) => `  ${label.padEnd(width)}  ${description}`);
}

/** What each code of `EXIT` (errors.ts) means, in the help: every code the CLI returns, and no other. */
const EXIT_MEANINGS: Readonly<Record<(typeof EXIT)[keyof typeof EXIT], string>> = {
  [EXIT.ok]: 'ok',
  [EXIT.failing]:
    'issues of severity error (scan, check) or over check --max-warnings; jobs claim: nothing to claim',
  [EXIT.operational]:
    'operational or usage error (bad flag or query, database from another build, a refusal, ...)',
  [EXIT.duplicate]: 'jobs submit: the same work is already queued or running',
  [EXIT.nonceMismatch]: 'record: the nonce does not match the claimed job (nothing recorded)',
  [EXIT.notFound]: 'not found (node, job, config key, project database, --root or --db path)',
  [EXIT.damaged]: 'the project database is damaged: rebuild it with `sm scan --full`',
  [EXIT.alreadyServing]: 'serve: another sm serve already serves this project (its URL and pid are named)',
};

const EXIT_LINES = [
  'Exit codes:',
  ...Object.entries(EXIT_MEANINGS)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([code, meaning]) => `  ${code}  ${meaning}`),
];

/** `sm help` / `sm --help`: every verb, the global options and the exit codes. */
export function renderGeneralHelp(): string {
  const width = Math.max(...VERBS.map((v) => v.name.length));
  return [
    'sm (skill-map): maps the agent harness of a project (skills, agents, commands, workflows,',
    'MCP servers, AGENTS.md/CLAUDE.md) into a graph of nodes, links and issues.',
    '',
    'Usage: sm <verb> [options]',
    '',
    'Verbs:',
    ...VERBS.map((v) => `  ${v.name.padEnd(width)}  ${v.summary}`),
    '',
    'Global options:',
    ...optionLines(GLOBAL_OPTIONS),
    '',
    ...EXIT_LINES,
    '',
    'Run `sm help <verb>` for the options of one verb.',
    '',
  ].join('\n');
}

/** `sm help <verb>` / `sm <verb> --help`. */
export function renderVerbHelp(verb: VerbSpec): string {
  const lines = [`sm ${verb.name}: ${verb.summary}`, '', 'Usage:', ...verb.usage.map((u) => `  sm ${u}`)];
  if (verb.details !== undefined) lines.push('', ...verb.details);
  if (Object.keys(verb.options).length > 0) lines.push('', 'Options:', ...optionLines(verb.options));
  lines.push('', 'Global options: --json, --db <path>, --root <dir>, -q, --no-color, -h (see `sm help`)', '');
  return lines.join('\n');
}
