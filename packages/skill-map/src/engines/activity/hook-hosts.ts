// Where each agent host lets a project register a command hook, and which of its events tell what ran.

/** The hosts `sm activity install --for` knows. */
export const ACTIVITY_HOSTS = ['claude', 'codex', 'opencode'] as const;
export type ActivityHost = (typeof ACTIVITY_HOSTS)[number];

/** One hook registration: run the command on `event` (for tool events, only for tools `matcher` matches). */
export interface HookSlot {
  event: string;
  matcher?: string;
}

/** A host whose hook file `sm activity install` edits. */
export interface HookPlan {
  host: ActivityHost;
  /** Project-relative file that holds the host's `hooks` object. */
  file: string;
  slots: readonly HookSlot[];
  /** Seconds the host waits for the hook before giving up on it (both hosts read `timeout` in seconds). */
  timeout: number;
  /** What the host reports through these slots (help, docs, status). */
  reports: string;
}

export const HOOK_PLANS: Readonly<Record<'claude' | 'codex', HookPlan>> = {
  claude: {
    host: 'claude',
    file: '.claude/settings.local.json',
    // `Task` is the subagent tool's old name, `Agent` its current one; `Skill` runs skills and commands alike.
    slots: [{ event: 'PreToolUse', matcher: 'Skill|Task|Agent' }, { event: 'UserPromptSubmit' }],
    timeout: 10,
    reports:
      'skills and commands the agent runs (Skill tool), subagents it starts (Task/Agent tool; from a subagent: spawn pairs), slash commands typed in prompts',
  },
  codex: {
    host: 'codex',
    file: '.codex/hooks.json',
    slots: [{ event: 'SubagentStart' }, { event: 'UserPromptSubmit' }],
    timeout: 10,
    reports:
      'subagents it starts (SubagentStart), skills named with $name in prompts; Codex loads other skills by reading them, which no hook reports',
  },
};

/** OpenCode has no command hooks: it reports tool calls to JavaScript plugins, so install writes one (a relay). */
export const OPENCODE_PLUGIN = {
  host: 'opencode' as const,
  /** Where OpenCode loads project plugins from (`plugins/` in current builds, `plugin/` in older ones). */
  dirs: ['.opencode/plugins', '.opencode/plugin'] as const,
  name: 'skill-map-activity.js',
  reports:
    'skills it loads (skill tool) and subagents it starts (task tool), through a plugin that relays them to the hook; slash commands and spawn pairs are not reported',
};

/** The hook command line for a host: `<node> <bin> activity report --for <host>` (argv = node and bin). */
export function hookCommandLine(argv: readonly string[], host: ActivityHost): string {
  return shellCommand([...argv, 'activity', 'report', '--for', host]);
}

/** argv as one shell command line (words the shell passes through as they are, others single-quoted). */
export function shellCommand(argv: readonly string[]): string {
  return argv.map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`)).join(' ');
}

/** The marker that tells our hook commands from anyone else's: `… activity report --for <host>`. */
export function isOurCommand(command: unknown, host: ActivityHost): boolean {
  return (
    typeof command === 'string' && new RegExp(`(^|\\s)activity report --for ${host}(\\s|$)`).test(command)
  );
}
