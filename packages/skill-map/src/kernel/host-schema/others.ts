// Cursor, Codex and OpenCode's documented fields (their docs: Cursor rules and skills, Codex custom agents and
// config.toml `mcp_servers`, OpenCode agents and commands), as data. See fields.ts for how they are checked.
import { AGENT_SKILL_FIELDS } from './claude.js';
import type { FieldSpec, HostSchema } from './fields.js';

const str: FieldSpec = { type: 'string' };
const bool: FieldSpec = { type: 'boolean' };
const strs: FieldSpec = { type: 'strings' };
const obj: FieldSpec = { type: 'object' };
const num: FieldSpec = { type: 'number' };
const any: FieldSpec = { type: 'any' };

/** `.cursor/rules/*.mdc`: three fields; `alwaysApply` is a boolean, `globs` a pattern string or a list of them. */
export const CURSOR_RULE: HostSchema = {
  host: 'Cursor',
  what: 'rule',
  fields: { description: str, globs: strs, alwaysApply: bool },
  confusions: { glob: 'globs', always_apply: 'alwaysApply', alwaysapply: 'alwaysApply' },
};

export const CURSOR_SKILL: HostSchema = {
  host: 'Cursor',
  what: 'skill',
  fields: { ...AGENT_SKILL_FIELDS, 'disable-model-invocation': bool },
};

/** Agent Skills (`.agents/skills`, the open format) as Codex, OpenCode and any other reader take them. */
export function agentSkill(host: string): HostSchema {
  return { host, what: 'skill', fields: AGENT_SKILL_FIELDS };
}

const REASONING: FieldSpec = {
  type: 'string',
  values: ['none', 'minimal', 'low', 'medium', 'high', 'xhigh'],
};
const SANDBOX: FieldSpec = { type: 'string', values: ['read-only', 'workspace-write', 'danger-full-access'] };

/** One `[mcp_servers.<name>]` table of Codex's config.toml (or of an agent file). */
export const CODEX_MCP_SERVER: FieldSpec = {
  type: 'object',
  fields: {
    command: str,
    args: { type: 'list', items: str },
    env: { type: 'object', entries: str },
    env_vars: { type: 'list' },
    cwd: str,
    url: str,
    bearer_token_env_var: str,
    http_headers: { type: 'object', entries: str },
    env_http_headers: { type: 'object', entries: str },
    startup_timeout_sec: num,
    startup_timeout_ms: { type: 'integer' },
    tool_timeout_sec: num,
    enabled: bool,
    required: bool,
    enabled_tools: { type: 'list', items: str },
    disabled_tools: { type: 'list', items: str },
    scopes: { type: 'list', items: str },
    oauth_resource: str,
    tools: obj,
  },
};

/** `.codex/agents/*.toml` (its `developer_instructions` is the body): the agent fields and the config keys it may set. */
export const CODEX_AGENT: HostSchema = {
  host: 'Codex',
  what: 'agent',
  fields: {
    name: str,
    description: str,
    nickname_candidates: { type: 'list', items: str },
    model: str,
    model_provider: str,
    model_reasoning_effort: REASONING,
    model_reasoning_summary: { type: 'string', values: ['auto', 'concise', 'detailed', 'none'] },
    model_verbosity: { type: 'string', values: ['low', 'medium', 'high'] },
    plan_mode_reasoning_effort: REASONING,
    sandbox_mode: SANDBOX,
    sandbox_workspace_write: obj,
    approval_policy: any,
    web_search: any,
    tools: obj,
    features: obj,
    mcp_servers: { type: 'object', entries: CODEX_MCP_SERVER },
    skills: obj,
    shell_environment_policy: obj,
    personality: str,
    service_tier: str,
  },
};

/** The part of `.codex/config.toml` checked: its `mcp_servers` tables (the rest is user configuration). */
export const CODEX_CONFIG: HostSchema = {
  host: 'Codex',
  what: 'MCP server',
  fields: { mcp_servers: { type: 'object', entries: CODEX_MCP_SERVER } },
  open: true,
};

/** `.opencode/agent(s)/*.md`: OpenCode passes fields it does not know to the model provider (open). */
export const OPENCODE_AGENT: HostSchema = {
  host: 'OpenCode',
  what: 'agent',
  open: true,
  fields: {
    name: str,
    description: str,
    mode: { type: 'string', values: ['primary', 'subagent', 'all'] },
    model: str,
    variant: str,
    temperature: num,
    top_p: num,
    prompt: str,
    system: str,
    tools: { type: 'object', entries: bool },
    permission: any,
    permissions: any,
    disable: bool,
    hidden: bool,
    color: str,
    steps: { type: 'integer' },
    maxSteps: { type: 'integer' },
    options: obj,
  },
};

/** `.opencode/command(s)/*.md`. */
export const OPENCODE_COMMAND: HostSchema = {
  host: 'OpenCode',
  what: 'command',
  fields: { description: str, agent: str, model: str, subtask: bool },
};
