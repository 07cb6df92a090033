// What the hosts document about frontmatter values (Claude Code unless named otherwise). Lists age: values outside
// them are reported as a typo only when they are near a known one, else at `info` ("not a known value").

/** Claude Code's subagent colour palette (the `/agents` picker). */
export const CLAUDE_AGENT_COLORS: readonly string[] = [
  'red',
  'blue',
  'green',
  'yellow',
  'purple',
  'orange',
  'pink',
  'cyan',
];

/** Model aliases Claude Code accepts in agent, command and skill frontmatter. */
export const CLAUDE_MODEL_ALIASES: readonly string[] = [
  'inherit',
  'default',
  'sonnet',
  'opus',
  'haiku',
  'opusplan',
  'best',
  'sonnet[1m]',
  'opus[1m]',
];

/** A full model id (`claude-sonnet-4-5`, `claude-3-5-haiku-20241022`, Bedrock/Vertex forms). */
export const CLAUDE_MODEL_ID =
  /^(?:(?:global|us|eu|apac|jp|au)\.)?(?:anthropic\.)?claude-[a-z0-9][a-z0-9.-]*(?:@[0-9]+|-v[0-9]+(?::[0-9]+)?)?(?:\[1m\])?$/i;

/** Claude Code's built-in tool names (case-sensitive in `tools:` / `allowed-tools:`). */
export const CLAUDE_TOOLS: readonly string[] = [
  'Agent',
  'AskUserQuestion',
  'Bash',
  'BashOutput',
  'CronCreate',
  'CronDelete',
  'CronList',
  'Edit',
  'EnterPlanMode',
  'EnterWorktree',
  'ExitPlanMode',
  'ExitWorktree',
  'Glob',
  'Grep',
  'KillBash',
  'KillShell',
  'LS',
  'LSP',
  'ListMcpResourcesTool',
  'Monitor',
  'MultiEdit',
  'NotebookEdit',
  'NotebookRead',
  'PowerShell',
  'Read',
  'ReadMcpResourceTool',
  'SendMessage',
  'Skill',
  'SlashCommand',
  'Task',
  'TaskCreate',
  'TaskGet',
  'TaskList',
  'TaskOutput',
  'TaskStop',
  'TaskUpdate',
  'TeamCreate',
  'TeamDelete',
  'TodoWrite',
  'ToolSearch',
  'WebFetch',
  'WebSearch',
  'Write',
];

/** Claude Code hook events (settings.json `hooks` keys). */
export const CLAUDE_HOOK_EVENTS: readonly string[] = [
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'PostToolBatch',
  'PermissionRequest',
  'PermissionDenied',
  'Notification',
  'UserPromptSubmit',
  'UserPromptExpansion',
  'Stop',
  'StopFailure',
  'SubagentStart',
  'SubagentStop',
  'PreCompact',
  'PostCompact',
  'SessionStart',
  'SessionEnd',
  'Setup',
  'TeammateIdle',
  'TaskCreated',
  'TaskCompleted',
  'ConfigChange',
  'CwdChanged',
  'FileChanged',
  'WorktreeCreate',
  'WorktreeRemove',
  'InstructionsLoaded',
  'Elicitation',
  'ElicitationResult',
];

/** Open Agent Skills (and Claude Code) skill names: lowercase letters, digits, single hyphens, at most 64. */
export const SKILL_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SKILL_NAME_MAX = 64;
