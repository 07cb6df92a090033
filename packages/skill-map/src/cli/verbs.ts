// The verb table: names, help text and option specs, plus a lazy loader per verb so `sm version` and
// `sm help` never load SQLite, the kernel or the server.
import type { CliIo, Output } from './io.js';
import { ACTION_VERBS } from './verbs-actions.js';
import { CHECK_VERBS, NO_INLINE } from './verbs-check.js';
import { OPERABLE_VERBS } from './verbs-operable.js';
import { SETUP_VERBS } from './verbs-setup.js';
import { STORE_VERBS } from './verbs-store.js';

/** One option of a verb (or a global one), in `node:util` parseArgs terms plus its help line. */
export interface OptionSpec {
  readonly type: 'string' | 'boolean';
  readonly short?: string;
  /** `<value>` placeholder in help for string options. */
  readonly value?: string;
  readonly description: string;
}

/** Parsed option values of one run. */
export type OptionValues = Readonly<Record<string, string | boolean | undefined>>;

/** Where the project and its database are. */
export interface ProjectLocation {
  /** Absolute project (scope) root: `--root`, else the working directory. */
  readonly root: string;
  /** Absolute database path: `--db`, else `SKILL_MAP_DB`, else `<root>/.skill-map/skill-map.db`. */
  readonly dbPath: string;
  /** True when the path came from `--db` or `SKILL_MAP_DB`. */
  readonly dbExplicit: boolean;
  /**
   * The PostgreSQL URL `--db` / `SKILL_MAP_DB` named (`dbPath` is then empty), for the verbs that work on one
   * (VerbSpec.server); every other verb refuses such a URL.
   */
  readonly server?: string;
}

/** What a verb receives. */
export interface VerbContext {
  readonly args: readonly string[];
  readonly options: OptionValues;
  readonly project: ProjectLocation;
  readonly output: Output;
  readonly io: CliIo;
  /** `performance.now()` when `main` started (for `elapsedMs`). */
  readonly startedAt: number;
}

/** How a verb ended when it did not throw: `failing` maps to exit 1 (error-severity issues). */
export interface VerbResult {
  readonly failing?: boolean;
}

/** A verb implementation module. */
export interface VerbModule {
  run(ctx: VerbContext): Promise<VerbResult>;
}

/** A verb as the help and the dispatcher see it. */
export interface VerbSpec {
  readonly name: string;
  readonly summary: string;
  /** Usage lines after `sm `. */
  readonly usage: readonly string[];
  readonly details?: readonly string[];
  readonly options: Readonly<Record<string, OptionSpec>>;
  /** Maximum positional arguments. */
  readonly maxArgs: number;
  /** Print `done in …` on stderr after a successful run (unless `-q`). */
  readonly timed?: boolean;
  /** Works on a PostgreSQL database (`--db postgres://…`): `sm scan`, `sm org`. */
  readonly server?: boolean;
  readonly load: () => Promise<VerbModule>;
}

/** Options every verb accepts. */
export const GLOBAL_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  json: { type: 'boolean', description: 'only JSON on stdout (also SKILL_MAP_JSON=1)' },
  db: {
    type: 'string',
    value: 'path',
    description:
      'database file (also SKILL_MAP_DB); default <root>/.skill-map/skill-map.db; a postgres:// URL for sm scan, org, jobs, record, findings, issues and serve',
  },
  root: {
    type: 'string',
    value: 'dir',
    description: 'project to map (default: the working directory); the database may live elsewhere with --db',
  },
  quiet: {
    type: 'boolean',
    short: 'q',
    description: 'only data and warnings: no progress bar, timing line or summaries',
  },
  'no-color': { type: 'boolean', description: 'plain text output (also NO_COLOR)' },
  help: { type: 'boolean', short: 'h', description: 'help for sm or for one verb' },
  version: { type: 'boolean', short: 'v', description: 'print the version' },
};

const FORMAT = (values: string): OptionSpec => ({
  type: 'string',
  value: values,
  description: `output format: ${values.split('|').join(', ')}`,
});

/** `--no-built-ins` and `--no-plugins` of the verbs that load plugins. */
const PLUGIN_FLAGS: Readonly<Record<string, OptionSpec>> = {
  'no-built-ins': { type: 'boolean', description: 'run without the built-in plugins' },
  'no-plugins': { type: 'boolean', description: 'run without the drop-in plugins' },
};

export const VERBS: readonly VerbSpec[] = [
  {
    name: 'init',
    summary: 'create .skill-map/ (settings.json and .gitignore) in the project',
    usage: ['init'],
    details: ['Idempotent: existing files are left as they are.'],
    options: {},
    maxArgs: 0,
    load: () => import('./commands/init.js'),
  },
  ...SETUP_VERBS,
  {
    name: 'scan',
    summary: 'map the project into the database',
    usage: [
      'scan [--full | --changed] [--yes] [--explain] [--no-inline-suppressions] [--json | --run-facts]',
      'scan --watch [--yes] [--json]',
    ],
    details: [
      'Incremental by default: unchanged files are reused from the per-file cache.',
      'A few changed files are patched into the stored scan in place; --explain says why a scan built in full.',
      'Exit 1 when the graph has issues of severity error.',
      '--json prints the spec ScanResult; --run-facts prints files, persisted counts and timings of the run.',
      '--no-inline-suppressions ignores every <!-- sm-disable... --> directive and frontmatter metadata.sm-disable',
      '(an audit): the stored scan says so (inlineSuppressionsIgnored in --run-facts) until the next scan without it.',
      "With --db postgres://… (or SKILL_MAP_DB) the scan is whole and replaces this project's rows in that shared",
      "database (`sm org` reads across its projects); the project's id is drawn once into .skill-map/settings.json.",
    ],
    options: {
      full: { type: 'boolean', description: 're-analyse every file (ignore the cache)' },
      changed: { type: 'boolean', description: 'incremental scan (the default; kept for scripts)' },
      watch: {
        type: 'boolean',
        description: 'keep watching and rescan after each batch of changes (= `sm watch`)',
      },
      yes: {
        type: 'boolean',
        short: 'y',
        description: 'rebuild a database written by another build of skill-map',
      },
      explain: {
        type: 'boolean',
        description: 'say whether the stored scan was patched in place, or why the whole graph was built',
      },
      'run-facts': {
        type: 'boolean',
        description: 'print how the run went as JSON (files, persisted counts, timings) instead of the graph',
      },
      'no-inline-suppressions': NO_INLINE,
      ...PLUGIN_FLAGS,
    },
    maxArgs: 0,
    timed: true,
    server: true,
    load: () => import('./commands/scan.js'),
  },
  {
    name: 'org',
    summary: 'read across every project of a shared PostgreSQL database',
    usage: [
      'org list',
      'org search <name>',
      'org uses <target>',
      'org issues [--severity error|warn|info]',
      'org delete <project-id> --yes',
    ],
    details: [
      'Needs --db postgres://… or SKILL_MAP_DB (the password from the URL, PGPASSWORD or ~/.pgpass).',
      'list: each project with its nodes, issues by severity and queued/running jobs. search: where a name (a skill,',
      'an agent, a command, an MCP server) is defined. uses: the nodes that link to a target (mcp://github, a path).',
      "issues: every project's issues at --severity or worse (default error); exit 1 when there are any.",
      "delete: removes one project's rows (scan, jobs, state), nothing of any other project.",
    ],
    options: {
      severity: {
        type: 'string',
        value: 'level',
        description: 'issues at this level or worse (default error)',
      },
      yes: { type: 'boolean', short: 'y', description: 'confirm `org delete`' },
    },
    maxArgs: 2,
    server: true,
    load: () => import('./commands/org.js'),
  },
  {
    name: 'watch',
    summary: 'keep the database current: rescan after each batch of file changes',
    usage: ['watch [<roots>...] [--yes] [--json] [--no-built-ins] [--no-plugins]'],
    details: [
      'Scans once, then watches the project (or only the given folders of it) and runs an incremental scan after',
      'each quiet period of scan.watch.debounceMs (default 300 ms). Files the scan ignores start no scan.',
      '--json prints one ScanResult per scan as ndjson (one line each). Ctrl-C (SIGINT) or SIGTERM stop it: exit 0.',
      'Same as `sm scan --watch`. `sm serve` runs the same watcher behind the web page.',
    ],
    options: {
      yes: {
        type: 'boolean',
        short: 'y',
        description: 'rebuild a database written by another build of skill-map',
      },
      ...PLUGIN_FLAGS,
    },
    maxArgs: 64,
    load: () => import('./commands/watch.js'),
  },
  ...CHECK_VERBS,
  {
    name: 'explain',
    summary: "print a rule's page: what it catches, why, an example, the fix, how to dismiss it",
    usage: ['explain <rule>'],
    details: [
      'The rule is the id `sm check` prints (reference-broken) or its qualified form (<plugin>/<rule>).',
      '--json prints {rule, qualifiedId, severity, dismissible, page}. The pages ship with sm (docs/rules/).',
    ],
    options: {},
    maxArgs: 1,
    load: () => import('./commands/explain.js'),
  },
  {
    name: 'list',
    summary: 'list nodes, optionally filtered with the export grammar',
    usage: ['list [<query>]'],
    details: [
      'Query: whitespace-separated key=value tokens, keys kind, has, path, e.g. "kind=skill has=issues".',
    ],
    options: { limit: { type: 'string', value: 'n', description: 'at most n nodes' } },
    maxArgs: 1,
    timed: true,
    load: () => import('./commands/list.js'),
  },
  {
    name: 'refresh',
    summary: "re-run a node's enrichment (the reference's verb; zero here: no enrichment extension ships)",
    usage: ['refresh <path>', 'refresh --stale'],
    details: [
      'Prints the refresh report (refresh-report.schema.json under --json): refreshed 0, the node with 0 enrichments.',
      'A path the last scan does not have is not found (exit 5).',
    ],
    options: { stale: { type: 'boolean', description: 'every node whose enrichment is stale (none here)' } },
    maxArgs: 1,
    timed: true,
    load: () => import('./commands/refresh.js'),
  },
  {
    name: 'enrich',
    summary: "the same as refresh, reported as enrich.report (the reference's newer name)",
    usage: ['enrich <path>', 'enrich --stale'],
    options: { stale: { type: 'boolean', description: 'every node whose enrichment is stale (none here)' } },
    maxArgs: 1,
    timed: true,
    load: () => import('./commands/enrich.js'),
  },
  {
    name: 'show',
    summary: 'one node with its incoming and outgoing links and its issues',
    usage: ['show <path>'],
    options: {},
    maxArgs: 1,
    timed: true,
    load: () => import('./commands/show.js'),
  },
  {
    name: 'export',
    summary: 'a closed subgraph selected with the export grammar',
    usage: ['export [<query>] [--format json|md|mermaid|dot]'],
    details: [
      'Query keys: kind=a,b (exact kinds), has=issues, path=glob,glob (** spans /, * does not).',
      'Filters AND together, globs OR. Links are kept when both ends are kept.',
    ],
    options: { format: FORMAT('json|md|mermaid|dot') },
    maxArgs: 1,
    timed: true,
    load: () => import('./commands/export.js'),
  },
  {
    name: 'graph',
    summary: 'render the whole graph (or a query) as text',
    usage: [
      'graph [<query>] [--format ascii|json|mermaid|dot|<plugin format>] [--no-built-ins] [--no-plugins]',
    ],
    details: ['Trusted plugins may add formats: `sm plugins show <id>` lists their formatters.'],
    options: { format: FORMAT('ascii|json|mermaid|dot'), ...PLUGIN_FLAGS },
    maxArgs: 1,
    timed: true,
    load: () => import('./commands/graph.js'),
  },
  {
    name: 'plugins',
    summary: 'list, inspect, trust, enable and disable plugins',
    usage: [
      'plugins list [<id>] [--no-built-ins] [--no-plugins]',
      'plugins show <id>',
      'plugins enable <id> | disable <id>',
      'plugins enable <plugin>/<extension> | disable <plugin>/<extension>',
      'plugins trust <id> [--revoke]',
      'plugins doctor [--details]',
      'plugins slots list',
    ],
    details: [
      'Drop-in plugins live in .skill-map/plugins/<id>/ (the project) and ~/.skill-map/plugins/<id>/ (yours).',
      "A drop-in plugin's code runs only once trusted in this project at its version (kept in .skill-map/scope.lock.json).",
      'enable/disable write plugins.<id>.enabled (or plugins.<id>.extensions.<ext>.enabled) to .skill-map/settings.json.',
      'doctor exits 1 when a plugin fails to load (invalid manifest, incompatible spec, load error, id collision).',
      "doctor --json prints the reference's report (plugins-doctor.schema.json); --details every problem, untrusted",
      'plugins included, with its fix. slots list prints the view slots and renders a contribution can pick.',
    ],
    options: {
      revoke: { type: 'boolean', description: 'withdraw the trust (trust only)' },
      details: {
        type: 'boolean',
        description: 'doctor: every problem with its fix (--json: $defs/PluginsDoctor)',
      },
      ...PLUGIN_FLAGS,
    },
    maxArgs: 2,
    timed: true,
    load: () => import('./commands/plugins.js'),
  },
  ...ACTION_VERBS,
  ...STORE_VERBS,
  {
    name: 'config',
    summary: 'read and write the layered settings',
    usage: [
      'config list [--sources]',
      'config get <key>',
      'config set <key> <value> [--local]',
      'config reset <key> [--local]',
    ],
    details: [
      'Project-local-only keys (mcp.server.enabled, allowEditSmFiles, ...) always go to .skill-map/settings.local.json;',
      'other keys go to .skill-map/settings.json unless --local is given. Values are JSON when they parse, else text.',
      'list --json prints the effective settings as one document (project-config.schema.json); --sources lists each',
      'key with its value and the layer it came from (defaults, project, project-local, override).',
    ],
    options: {
      local: { type: 'boolean', description: 'write .skill-map/settings.local.json (not committed)' },
      sources: {
        type: 'boolean',
        description: 'list: each key with the layer it came from (--json: {items})',
      },
    },
    maxArgs: 3,
    // A shared PostgreSQL database holds the queue whose jobs disabling an extension cancels.
    server: true,
    load: () => import('./commands/config.js'),
  },
  ...OPERABLE_VERBS,
  {
    name: 'serve',
    summary: 'serve the map (web page, REST, WebSocket, optional MCP) on loopback',
    usage: ['serve [--port <n>] [--host <h>] [--mcp | --no-mcp] [--no-watcher] [--no-open]'],
    options: {
      port: {
        type: 'string',
        value: 'n',
        description: 'port (default server.port, 4242; 0 picks a free one)',
      },
      host: { type: 'string', value: 'h', description: 'loopback host (default 127.0.0.1)' },
      mcp: { type: 'boolean', description: 'serve MCP on /mcp (default mcp.server.enabled)' },
      'no-mcp': { type: 'boolean', description: 'do not serve MCP' },
      'no-watcher': { type: 'boolean', description: 'do not rescan on file changes' },
      'no-ui': { type: 'boolean', description: 'do not serve the web page' },
      open: { type: 'boolean', description: 'open the web page in a browser' },
      'no-open': { type: 'boolean', description: 'do not open a browser' },
      yes: {
        type: 'boolean',
        short: 'y',
        description: 'rebuild a database written by another build of skill-map',
      },
      ...PLUGIN_FLAGS,
    },
    maxArgs: 0,
    server: true,
    load: () => import('./commands/serve.js'),
  },
  {
    name: 'mcp',
    summary: 'speak MCP over stdio (for hosts that spawn a process)',
    usage: ['mcp [--no-watch]'],
    details: [
      'Serves only when mcp.server.enabled is true (project-local, like /mcp); exits 2 otherwise.',
      'Scans the project at start, then answers. Only protocol goes to stdout; logs go to stderr.',
    ],
    options: { 'no-watch': { type: 'boolean', description: 'do not watch the project for changes' } },
    maxArgs: 0,
    load: () => import('./commands/mcp.js'),
  },
  {
    name: 'lsp',
    summary: 'speak the Language Server Protocol over stdio (editors: diagnostics, definition, hover, fixes)',
    usage: ['lsp [--stdio]'],
    details: [
      'Scans the workspace folder the editor names at initialize (else the project root), holds the graph in memory',
      'and re-analyses an open buffer on every change (unsaved text overlays the file): diagnostics that know the',
      'whole graph, go-to-definition and hover on links, @imports, names and mcp__server__tool, references (incoming',
      'links) and quick fixes. Only protocol goes to stdout; logs go to stderr. See docs/skill-map/lsp.md.',
    ],
    options: {
      stdio: { type: 'boolean', description: 'accepted for editor clients (stdio is the only transport)' },
      ...PLUGIN_FLAGS,
    },
    maxArgs: 0,
    load: () => import('./commands/lsp.js'),
  },
  {
    name: 'conformance',
    summary: 'run conformance cases (the reference case format) against this sm or another implementation',
    usage: [
      'conformance run [--scope all|spec|provider:<id>] [--case <id>]',
      'conformance run --cases <dir> [--case <id>] [--bin <path>] [--schemas <dir>]',
    ],
    details: [
      'Each case runs in a fresh temporary scope holding a copy of its fixture, with a home folder of its own.',
      '--cases runs a folder in the reference layout (<dir>/cases/*.json beside <dir>/fixtures/).',
      'Exit codes: 0 every case passed, 1 a case failed, 2 unknown scope or a file that is not a valid case.',
    ],
    options: {
      scope: { type: 'string', value: 'scope', description: 'all (default), spec or provider:<id>' },
      case: { type: 'string', value: 'id', description: 'run only this case' },
      cases: { type: 'string', value: 'dir', description: 'run the cases of this folder instead of ours' },
      bin: {
        type: 'string',
        value: 'path',
        description: 'the implementation to test (a .js file runs under this Node); default: this sm',
      },
      timeout: { type: 'string', value: 's', description: 'seconds one invocation may take (default 120)' },
      schemas: {
        type: 'string',
        value: 'dir',
        description: 'check schema assertions against the *.schema.json of this folder instead of ours',
      },
    },
    maxArgs: 1,
    timed: true,
    load: () => import('./commands/conformance.js'),
  },
  {
    name: 'version',
    summary: 'print the version',
    usage: ['version'],
    options: {},
    maxArgs: 0,
    load: () => import('./commands/version.js'),
  },
  {
    name: 'help',
    summary: 'help for sm or for one verb',
    usage: ['help [<verb>] [--format human|md|json]'],
    details: ['--format json (also --json) prints the whole CLI surface as data; md prints it as markdown.'],
    options: {
      format: { type: 'string', value: 'f', description: 'human (default), md or json' },
    },
    maxArgs: 1,
    load: () => import('./commands/help.js'),
  },
];

/**
 * A duration in the reference's `done in` grammar: under a second `34ms`, under a minute `2.4s` (one decimal),
 * else `1m 42s`.
 */
export function formatElapsed(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${(Math.floor(ms / 100) / 10).toFixed(1)}s`;
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}

/** Milliseconds since `main` started, rounded (the `elapsedMs` of JSON objects). */
export function elapsedMs(ctx: Pick<VerbContext, 'startedAt'>): number {
  return Math.round(performance.now() - ctx.startedAt);
}

/** The verb of a name, or undefined. */
export function findVerb(name: string): VerbSpec | undefined {
  return VERBS.find((v) => v.name === name);
}
