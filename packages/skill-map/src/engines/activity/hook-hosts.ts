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

/** Hosts without a command-hook mechanism: what they offer instead (an install refuses with this text). */
export interface UnsupportedHost {
  host: ActivityHost;
  reason: string;
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

export const UNSUPPORTED: Readonly<Record<'opencode', UnsupportedHost>> = {
  opencode: {
    host: 'opencode',
    reason:
      'OpenCode has no command hooks in its config: it reports tool calls only to JavaScript plugins (.opencode/plugin/), which skill-map does not ship yet',
  },
};

/** The marker that tells our hook commands from anyone else's: `… activity report --for <host>`. */
export function isOurCommand(command: unknown, host: ActivityHost): boolean {
  return (
    typeof command === 'string' && new RegExp(`(^|\\s)activity report --for ${host}(\\s|$)`).test(command)
  );
}
