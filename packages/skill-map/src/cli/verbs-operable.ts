// The verb table of the operable surface (jobs, record, findings, issues, agent): names, help text and option
// specs, with lazy loaders like the rest of the table (cli/verbs.ts), kept apart so each file stays readable.
import type { VerbSpec } from './verbs.js';

export const OPERABLE_VERBS: readonly VerbSpec[] = [
  {
    name: 'jobs',
    summary: 'the job queue: extensions, submit, list, show, status, preview, claim, cancel, fail, prune',
    usage: [
      'jobs extensions',
      'jobs submit <extension> -n <node> [--auto-fix] [--finding <ids>] [--force] [--ttl <s>] [--priority <n>]',
      'jobs preview <extension> -n <node> [--auto-fix] [--finding <ids>]',
      'jobs preview --last | <job id>',
      'jobs list [--status <s>] [--extension <id>] [--node <path>]',
      'jobs show <id>',
      'jobs status',
      'jobs claim [--runner agent|in-process] [--filter <id>] [--wait [--interval <s>] [--timeout <s>]]',
      'jobs cancel <id>',
      'jobs fail <id>',
      'jobs prune [--status completed|failed|cancelled]',
    ],
    details: [
      'Extensions are qualified ids (core/ai-security-analyzer), bare suffixes, or action:/analyzer: prefixed.',
      'submit and preview also take the older order, <node> <extension>, without -n.',
      'claim prints the job id, its nonce and the content to carry out; only claim and submit --json show a nonce.',
      'Exit codes: 1 empty queue or wait timed out, 2 refused (already terminal, drift, no findings, ...),',
      '3 duplicate submit, 5 unknown job, node or extension.',
    ],
    options: {
      'auto-fix': {
        type: 'boolean',
        description: 'submit/preview: queue the fixers when the finder completes',
      },
      finding: {
        type: 'string',
        value: 'ids',
        description: 'submit/preview: fixers only, these finding ids (a,b)',
      },
      force: { type: 'boolean', description: 'submit: skip the duplicate pre-check' },
      last: { type: 'boolean', description: 'preview: the content of the newest job' },
      ttl: { type: 'string', value: 's', description: 'submit: seconds a claim may run (0 = never expires)' },
      priority: { type: 'string', value: 'n', description: 'submit: claim order, higher first' },
      status: {
        type: 'string',
        value: 's',
        description: 'list: queued|running|completed|failed|cancelled; prune: completed|failed|cancelled',
      },
      extension: {
        type: 'string',
        value: 'id',
        description: 'list: only this extension (id or bare suffix)',
      },
      node: {
        type: 'string',
        short: 'n',
        value: 'path',
        description: 'submit/preview: the node to run on; list: only jobs on this node',
      },
      runner: { type: 'string', value: 'r', description: 'claim: agent (default) or in-process' },
      filter: { type: 'string', value: 'id', description: 'claim: only jobs of this extension' },
      wait: { type: 'boolean', description: 'claim: block until a job is claimable' },
      interval: {
        type: 'string',
        value: 's',
        description: 'claim --wait: seconds between attempts (default 2)',
      },
      timeout: {
        type: 'string',
        value: 's',
        description: 'claim --wait: give up after s seconds, exit 1 (default and max 3600)',
      },
    },
    maxArgs: 3,
    server: true,
    load: () => import('./commands/jobs.js'),
  },
  {
    name: 'record',
    summary: 'record the outcome of a claimed job',
    usage: [
      'record <id>|--id <id> --nonce <nonce> --status completed --report <file>|- [--tokens-in <n>] [--tokens-out <n>] [--model <m>]',
      'record <id> --nonce <nonce> --status failed [--failure-reason <r>] [--duration-ms <n>]',
    ],
    details: [
      '--status completed needs --report (the report JSON; - reads stdin).',
      '--json streams the job events as JSON lines, then the outcome as the last line.',
      'Exit codes: 2 not running, report invalid or unresolved schema, 4 nonce mismatch, 5 unknown job.',
    ],
    options: {
      id: {
        type: 'string',
        value: 'id',
        description: 'the job id (the reference form; same as the positional)',
      },
      nonce: { type: 'string', value: 'nonce', description: 'the nonce `sm jobs claim` printed' },
      status: { type: 'string', value: 's', description: 'completed or failed' },
      report: { type: 'string', value: 'file', description: 'the report JSON file, or - for stdin' },
      'failure-reason': {
        type: 'string',
        value: 'r',
        description: 'failed: runner-error (default), timeout, report-invalid, abandoned, user-failed, ...',
      },
      'tokens-in': { type: 'string', value: 'n', description: 'input tokens used' },
      'tokens-out': { type: 'string', value: 'n', description: 'output tokens used' },
      'duration-ms': { type: 'string', value: 'n', description: 'how long the run took' },
      model: { type: 'string', value: 'm', description: 'the model that ran the job' },
    },
    maxArgs: 1,
    server: true,
    load: () => import('./commands/record.js'),
  },
  {
    name: 'findings',
    summary:
      'findings of the probabilistic finders: list, resolve, dismiss, reopen, undismiss, delete, prune',
    usage: [
      'findings [list] [<node>] [--extension <id>] [--stale] [--dismissed] [--fixed]',
      'findings resolve <id> [--note <text>]',
      'findings dismiss <id> [--class] [--note <text>] [--yes]',
      'findings reopen <id>',
      'findings undismiss <node> <extension> [--type <type>] [--yes]',
      'findings delete <id> [--yes]',
      'findings prune',
    ],
    details: [
      'The list hides dismissed (row or class suppression) and fixed findings and says how many; stale ones show inline.',
      'dismiss --class, undismiss, and a delete that lifts a now-orphan class suppression write the node .sm sidecar:',
      'they need --yes unless allowEditSmFiles is true. Findings never set the exit code (5 when the id or node is unknown).',
    ],
    options: {
      extension: {
        type: 'string',
        value: 'id',
        description: 'list: only this extension (qualified or bare id)',
      },
      stale: {
        type: 'boolean',
        description: 'list: only stale findings (the node changed since; what prune deletes)',
      },
      dismissed: { type: 'boolean', description: 'list: also show dismissed and class-suppressed findings' },
      fixed: { type: 'boolean', description: 'list: also show fixed findings' },
      note: { type: 'string', value: 'text', description: 'resolve, dismiss: why' },
      class: {
        type: 'boolean',
        description: "dismiss: suppress the finding's (extension, type) class on its node",
      },
      type: {
        type: 'string',
        value: 'type',
        description: 'undismiss: the typed entry (default: the type-less one)',
      },
      yes: { type: 'boolean', short: 'y', description: 'consent to this one .sm sidecar write' },
    },
    maxArgs: 3,
    server: true,
    load: () => import('./commands/findings.js'),
  },
  {
    name: 'issues',
    summary: 'issue suppressions: dismiss, undismiss, suppressions',
    usage: [
      'issues dismiss <node> <analyzer> <value> [--note <text>] [--yes]',
      'issues undismiss <node> <analyzer> <value> [--yes]',
      'issues suppressions [<node>]',
    ],
    details: [
      "dismiss writes {analyzer, value, note?} into the node's .sm sidecar (annotations.issueSuppressions) and",
      'removes the covered issues at once; later scans skip them. <value> is the issue data.target, exact and',
      'case-sensitive; <analyzer> is qualified or short and must be a known analyzer (`sm check --analyzers`).',
      'undismiss removes the entry; the issue returns at the next `sm scan`. Sidecar writes need consent:',
      '--yes for one write, or allowEditSmFiles: true in .skill-map/settings.local.json.',
    ],
    options: {
      note: {
        type: 'string',
        value: 'text',
        description: 'dismiss: why the issue is suppressed (kept in the sidecar)',
      },
      yes: { type: 'boolean', short: 'y', description: 'consent to this one .sm sidecar write' },
    },
    maxArgs: 4,
    server: true,
    load: () => import('./commands/issues.js'),
  },
  {
    name: 'sidecars',
    summary: '.sm sidecar files: annotate (scaffold), refresh (hashes), prune (orphans)',
    usage: [
      'sidecars annotate <node> [--force] [-n] [--yes]',
      'sidecars refresh <node> [-n] [--yes]',
      'sidecars prune [-n] [--yes]',
    ],
    details: [
      "annotate writes <node>'s .sm with its identity (path and hashes of the last scan) and an empty annotations",
      "block; an existing one is refused unless --force. refresh sets the identity hashes to the last scan's and",
      'changes nothing else (exit 5 when the node or its sidecar is missing). Both are .sm writes: --yes consents',
      'to one, or allowEditSmFiles: true in .skill-map/settings.local.json. prune deletes the .sm files whose node',
      'file is gone; it asks first unless --yes (or --force). -n/--dry-run says what would change and changes nothing.',
    ],
    options: {
      force: {
        type: 'boolean',
        description: 'annotate: overwrite an existing sidecar; prune: same as --yes',
      },
      'dry-run': { type: 'boolean', short: 'n', description: 'say what would change; change nothing' },
      yes: {
        type: 'boolean',
        short: 'y',
        description: 'annotate/refresh: consent to this .sm write; prune: confirm the deletes',
      },
    },
    maxArgs: 2,
    timed: true,
    load: () => import('./commands/sidecars.js'),
  },
  {
    name: 'agent',
    summary: 'install the sm-process-jobs skill for your agent host: install, uninstall, status',
    usage: ['agent install|uninstall|status [--for claude|codex|opencode|agent-skills]'],
    details: [
      'install writes SKILL.md, mcp.md and cli.md into <host skill dir>/sm-process-jobs (installed, updated or up-to-date);',
      'uninstall removes only those files; status shows every host folder. Default host: the project lens, else claude.',
      'Operator job submits refuse until the skill is installed for some host.',
    ],
    options: {
      for: {
        type: 'string',
        value: 'host',
        description: 'agent host: claude (.claude/skills), codex or agent-skills (.agents/skills), opencode',
      },
    },
    maxArgs: 1,
    load: () => import('./commands/agent.js'),
  },
  {
    name: 'activity',
    summary: 'live activity: register the hook that tells sm serve which skills, agents and commands run',
    usage: [
      'activity install|uninstall [--for claude|codex|opencode] [--dry-run]',
      'activity status [--for claude|codex|opencode]',
      'activity report [--for claude|codex|opencode]',
    ],
    details: [
      'install registers the hook in .claude/settings.local.json (claude, the default), .codex/hooks.json (codex),',
      'or writes a relay plugin to .opencode/plugins/ (opencode). Other hook entries are never touched; a file that',
      'does not parse is refused, never rewritten. uninstall gives the file back byte for byte when it is as install',
      'left it, else takes out only our entries. report is the hook itself: it reads the host payload on stdin,',
      'posts to the running sm serve, prints nothing and always exits 0.',
    ],
    options: {
      for: { type: 'string', value: 'host', description: 'agent host: claude (default), codex, opencode' },
      'dry-run': { type: 'boolean', description: 'install/uninstall: print the change, write nothing' },
    },
    maxArgs: 1,
    load: () => import('./commands/activity.js'),
  },
];
