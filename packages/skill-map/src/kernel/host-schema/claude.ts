// Claude Code's documented fields (code.claude.com docs: sub-agents, skills, slash commands, settings, hooks), as
// data. Lists age: a field missing here is reported at `info` only (or `warn` when it is a near miss of one here).
import type { FieldMap, FieldSpec, HostSchema } from './fields.js';

const str: FieldSpec = { type: 'string' };
const bool: FieldSpec = { type: 'boolean' };
const strs: FieldSpec = { type: 'strings' };
const obj: FieldSpec = { type: 'object' };
const int: FieldSpec = { type: 'integer' };
const any: FieldSpec = { type: 'any' };

const EFFORT: FieldSpec = { type: 'string', values: ['low', 'medium', 'high', 'xhigh', 'max'] };

/** The open Agent Skills fields (agentskills.io), which every host that reads SKILL.md accepts. */
export const AGENT_SKILL_FIELDS: FieldMap = {
  name: str,
  description: str,
  license: str,
  compatibility: str,
  metadata: obj,
  'allowed-tools': strs,
};

/** A Claude Code skill's and command's frontmatter (commands are skills with one file). */
const SKILL_FIELDS: FieldMap = {
  ...AGENT_SKILL_FIELDS,
  when_to_use: str,
  'argument-hint': any,
  arguments: any,
  'disable-model-invocation': bool,
  'user-invocable': bool,
  model: str,
  effort: EFFORT,
  context: { type: 'string', values: ['fork'] },
  agent: str,
  hooks: obj,
  paths: strs,
  shell: { type: 'string', values: ['bash', 'powershell'] },
  // Written by Anthropic's own plugins (not in the reference, read or tolerated by Claude Code).
  version: any,
  'hide-from-slash-command-tool': any,
};

/** The mistakes a near-miss search does not find: the agent field on a skill and back. */
const SKILL_CONFUSIONS = { tools: 'allowed-tools', 'disallowed-tools': 'allowed-tools' };

export const CLAUDE_SKILL: HostSchema = {
  host: 'Claude Code',
  what: 'skill',
  fields: SKILL_FIELDS,
  confusions: SKILL_CONFUSIONS,
};

export const CLAUDE_COMMAND: HostSchema = {
  host: 'Claude Code',
  what: 'command',
  fields: SKILL_FIELDS,
  confusions: SKILL_CONFUSIONS,
};

export const CLAUDE_AGENT: HostSchema = {
  host: 'Claude Code',
  what: 'subagent',
  fields: {
    name: str,
    description: str,
    tools: strs,
    disallowedTools: strs,
    model: str,
    permissionMode: {
      type: 'string',
      values: ['default', 'acceptEdits', 'auto', 'dontAsk', 'bypassPermissions', 'plan'],
    },
    maxTurns: int,
    skills: strs,
    mcpServers: any,
    hooks: obj,
    memory: { type: 'string', values: ['user', 'project', 'local'] },
    background: bool,
    effort: EFFORT,
    isolation: { type: 'string', values: ['worktree'] },
    color: str,
    initialPrompt: str,
  },
  confusions: { 'allowed-tools': 'tools', allowedTools: 'tools', 'disallowed-tools': 'disallowedTools' },
};

/** One hook of a settings `hooks` event. */
const HOOK: FieldSpec = {
  type: 'object',
  fields: {
    type: { type: 'string', values: ['command', 'prompt', 'agent', 'http', 'mcp_tool'] },
    command: str,
    prompt: str,
    model: str,
    url: str,
    headers: obj,
    allowedEnvVars: strs,
    timeout: { type: 'number' },
    async: bool,
    asyncRewake: bool,
    rewakeMessage: str,
    rewakeSummary: str,
    once: bool,
    shell: str,
    statusMessage: str,
    server: str,
    tool: str,
    input: any,
    if: str,
  },
};

/** The `hooks` object: events (checked by hook-event-unknown) → matcher groups → hooks. */
const HOOKS: FieldSpec = {
  type: 'object',
  entries: {
    type: 'list',
    items: { type: 'object', fields: { matcher: str, hooks: { type: 'list', items: HOOK } } },
  },
};

const PERMISSIONS: FieldSpec = {
  type: 'object',
  fields: {
    allow: strs,
    ask: strs,
    deny: strs,
    additionalDirectories: strs,
    defaultMode: {
      type: 'string',
      values: ['default', 'acceptEdits', 'plan', 'auto', 'dontAsk', 'bypassPermissions'],
    },
    disableBypassPermissionsMode: { type: 'string', values: ['disable'] },
    disableAutoMode: { type: 'string', values: ['disable'] },
  },
};

export const CLAUDE_SETTINGS: HostSchema = {
  host: 'Claude Code',
  what: 'settings',
  fields: {
    $schema: str,
    apiKeyHelper: str,
    awsAuthRefresh: str,
    awsCredentialExport: str,
    cleanupPeriodDays: int,
    companyAnnouncements: strs,
    env: { type: 'object', entries: str },
    attribution: obj,
    includeCoAuthoredBy: bool,
    includeGitInstructions: bool,
    permissions: PERMISSIONS,
    hooks: HOOKS,
    disableAllHooks: bool,
    allowManagedHooksOnly: bool,
    allowedHttpHookUrls: strs,
    httpHookAllowedEnvVars: strs,
    allowManagedPermissionRulesOnly: bool,
    allowManagedMcpServersOnly: bool,
    model: str,
    availableModels: strs,
    modelOverrides: obj,
    effortLevel: EFFORT,
    otelHeadersHelper: str,
    statusLine: obj,
    fileSuggestion: obj,
    respectGitignore: bool,
    outputStyle: str,
    agent: str,
    forceLoginMethod: { type: 'string', values: ['claudeai', 'console'] },
    forceLoginOrgUUID: any,
    enableAllProjectMcpServers: bool,
    enabledMcpjsonServers: strs,
    disabledMcpjsonServers: strs,
    allowedMcpServers: { type: 'list' },
    deniedMcpServers: { type: 'list' },
    strictKnownMarketplaces: any,
    blockedMarketplaces: any,
    sandbox: obj,
    enabledPlugins: obj,
    extraKnownMarketplaces: obj,
    alwaysThinkingEnabled: bool,
    plansDirectory: str,
    showTurnDuration: bool,
    spinnerVerbs: any,
    spinnerTipsEnabled: bool,
    spinnerTipsOverride: any,
    terminalProgressBarEnabled: bool,
    prefersReducedMotion: bool,
    language: str,
    autoUpdatesChannel: { type: 'string', values: ['stable', 'latest'] },
    teammateMode: str,
    fastMode: bool,
    skipWebFetchPreflight: bool,
    autoMemoryEnabled: bool,
    claudeMdExcludes: strs,
    feedbackSurveyRate: { type: 'number' },
    worktree: obj,
    disableAutoMode: any,
    autoMode: any,
    forceRemoteSettingsRefresh: bool,
    channelsEnabled: bool,
    allowedChannelPlugins: any,
    pluginTrustMessage: str,
    showClearContextOnPlanAccept: bool,
    useAutoModeDuringPlan: bool,
    skipDangerousModePermissionPrompt: bool,
    voiceEnabled: bool,
    editorMode: str,
    theme: str,
    verbose: bool,
  },
};

/** A plugin's `hooks/hooks.json`. */
export const CLAUDE_PLUGIN_HOOKS: HostSchema = {
  host: 'Claude Code',
  what: 'plugin hooks file',
  fields: { description: str, hooks: HOOKS },
};
