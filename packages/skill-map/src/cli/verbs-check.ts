// The verbs of the CI loop: `sm check` (report, gate, SARIF) and `sm baseline` (the issues a project accepts for
// now). Kept apart from cli/verbs.ts so each table file stays readable.
import type { VerbSpec } from './verbs.js';

const YES = {
  type: 'boolean',
  short: 'y',
  description: 'rebuild a database written by another build of skill-map',
} as const;

/** `--no-inline-suppressions` of `sm scan` and `sm check`. */
export const NO_INLINE = {
  type: 'boolean',
  description: 'ignore the inline suppressions (sm-disable): report every issue',
} as const;

export const CHECK_VERBS: readonly VerbSpec[] = [
  {
    name: 'check',
    summary: 'scan and report the issues (text, JSON, SARIF or GitHub annotations for CI)',
    usage: [
      'check [--format text|json|sarif|github] [--analyzers <ids>] [--severity <list>] [--max-warnings <n>]',
      'check --no-inline-suppressions [...]',
      'check --baseline <file> [...]',
      'check --changed <git-ref> [...]',
      'check --fix [--dry-run] [...]',
      'check --stored [--analyzers <ids>] [--severity <list>]',
      'check --watch [--format text|json] [--baseline <file>] [--preserve-watch-output] [...]',
      'check --list-rules',
    ],
    details: [
      'Scans the project (like `sm scan`) and reports its issues; --stored reads the last scan instead.',
      'Exit 1 when a reported issue has severity error, or when there are more warnings than --max-warnings.',
      '--baseline <file> leaves out the issues the file accepts (sm baseline create writes it); an expired entry',
      'fails again and a stale one (its issue is gone) is named on stderr. A bad baseline file exits 2.',
      '--changed <ref> reports only the issues of files changed since the ref (git diff, renames, untracked files)',
      'and of links to files it deleted; the scan still covers the whole project. Not a repository, or no such ref: exit 2.',
      '--fix applies the certain fixes (a broken path to a file git renamed or the one file with that name, a skill',
      'name: that differs from its folder, a tool name off only in case), then scans again and reports what is left;',
      'a file edited since the scan is left untouched (stderr, and `fixes.skipped` in JSON). Other suggestions are',
      'listed, never applied. --fix --dry-run prints the unified diff instead and changes no file. SARIF results',
      'carry every fix (certain or not: properties.certain). See docs/skill-map/cli.md, Safe fixes.',
      'SARIF 2.1.0 is what GitHub code scanning uploads: `sm check --format sarif > skill-map.sarif`.',
      '--format github prints one workflow command per issue (::error, ::warning, ::notice): annotations in a PR.',
      'Every rule is documented in docs/rules/<rule>.md; --list-rules lists them, `sm explain <rule>` prints one.',
      'Text groups the issues by file, errors first, and hides info unless --severity selects it.',
      '--watch reports again after every batch of saves (scan.watch.debounceMs, default 300 ms), like tsc --watch:',
      'on a terminal each pass clears the screen (not with --preserve-watch-output); --format json prints one line',
      'per pass. It runs until Ctrl-C (exit 0) and persists each scan like `sm watch`.',
      'Inline suppressions (<!-- sm-disable-next-line <rule> -- why -->, sm-disable ... sm-enable, frontmatter',
      'metadata.sm-disable) leave out the issues they cover; one that covers none is reported (suppression-unused).',
      '--no-inline-suppressions ignores them all (an audit); docs/skill-map/suppressions.md.',
    ],
    options: {
      format: { type: 'string', value: 'format', description: 'text (default), json, sarif or github' },
      analyzers: {
        type: 'string',
        value: 'ids',
        description: 'only these analyzers (comma-separated, short or qualified ids)',
      },
      severity: { type: 'string', value: 'list', description: 'only these severities (error, warn, info)' },
      'max-warnings': {
        type: 'string',
        value: 'n',
        description: 'fail (exit 1) when more than n warnings are reported',
      },
      baseline: {
        type: 'string',
        value: 'file',
        description: 'leave out the issues this baseline file accepts (sm baseline create)',
      },
      changed: {
        type: 'string',
        value: 'git-ref',
        description: 'only the issues of files changed since this git ref (branch, tag or commit)',
      },
      fix: {
        type: 'boolean',
        description: 'apply the certain fixes, then scan again and report what is left',
      },
      'dry-run': { type: 'boolean', description: 'with --fix: print the unified diff, change no file' },
      stored: { type: 'boolean', description: 'report the issues of the last scan without scanning' },
      watch: { type: 'boolean', description: 'keep watching and report again after each batch of saves' },
      'preserve-watch-output': {
        type: 'boolean',
        description: 'with --watch: do not clear the terminal between passes',
      },
      'no-inline-suppressions': NO_INLINE,
      'list-rules': {
        type: 'boolean',
        description: 'list every rule: id, severity, dismissible, what it catches',
      },
      'rules-uri': {
        type: 'string',
        value: 'url',
        description: 'base URL of the rule pages SARIF links to (default https://skill-map.ai/docs/rules/)',
      },
      yes: YES,
    },
    maxArgs: 0,
    timed: true,
    load: () => import('./commands/check.js'),
  },
  {
    name: 'baseline',
    summary: 'write the baseline of accepted issues that sm check --baseline leaves out',
    usage: [
      'baseline create [<file>] [--force] [--reason <text>] [--expires <date>]',
      'baseline update [<file>] [--reason <text>] [--expires <date>]',
      'baseline prune [<file>]',
    ],
    details: [
      'Scans the project (or reads the last scan with --stored) and writes <file> (default .skill-map/baseline.json)',
      'atomically. create accepts every error and warning, and refuses an existing file unless --force; update adds',
      "the issues the file lacks and keeps every entry's reason; prune drops the entries whose issue is gone.",
      '--reason and --expires (YYYY-MM-DD, the last day it suppresses) apply to the entries the run adds.',
      'Format: docs/skill-map/baseline.md (JSON Schema baseline.schema.json).',
    ],
    options: {
      force: { type: 'boolean', description: 'create: replace an existing baseline file' },
      reason: { type: 'string', value: 'text', description: 'why the added issues are accepted' },
      expires: {
        type: 'string',
        value: 'date',
        description: 'last day (YYYY-MM-DD, UTC) the added entries suppress',
      },
      stored: { type: 'boolean', description: 'use the issues of the last scan without scanning' },
      yes: YES,
    },
    maxArgs: 2,
    timed: true,
    load: () => import('./commands/baseline.js'),
  },
];
