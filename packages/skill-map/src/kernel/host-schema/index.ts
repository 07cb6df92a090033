// Which host schema a file is held to (by the provider that classified it and its kind), and the entry points the
// per-file stage calls: a node's frontmatter (or agent TOML), a settings file, an MCP config.
import type { Issue } from '@skill-map/spec';
import {
  CLAUDE_AGENT,
  CLAUDE_COMMAND,
  CLAUDE_PLUGIN_HOOKS,
  CLAUDE_SETTINGS,
  CLAUDE_SKILL,
} from './claude.js';
import { checkDocument, type HostSchema, type LineOf } from './fields.js';
import {
  agentSkill,
  CODEX_AGENT,
  CODEX_CONFIG,
  CURSOR_RULE,
  CURSOR_SKILL,
  OPENCODE_AGENT,
  OPENCODE_COMMAND,
} from './others.js';

export { keyLines } from './fields.js';

const SCHEMAS: Readonly<Record<string, Readonly<Record<string, HostSchema>>>> = {
  claude: { agent: CLAUDE_AGENT, skill: CLAUDE_SKILL, command: CLAUDE_COMMAND },
  plugin: { agent: CLAUDE_AGENT, skill: CLAUDE_SKILL, command: CLAUDE_COMMAND },
  cursor: { rule: CURSOR_RULE, skill: CURSOR_SKILL },
  codex: { agent: CODEX_AGENT, skill: agentSkill('Codex') },
  opencode: { agent: OPENCODE_AGENT, command: OPENCODE_COMMAND, skill: agentSkill('OpenCode') },
  'agent-skills': { skill: agentSkill('Agent Skills') },
};

/** The schema of a node of `kind` that `provider` classified, or null (a host we do not map, plain markdown). */
export function nodeSchema(provider: string, kind: string): HostSchema | null {
  return SCHEMAS[provider]?.[kind] ?? null;
}

/** The schema issues of a node's parsed frontmatter (or agent TOML). */
export function frontmatterSchemaIssues(
  path: string,
  provider: string,
  kind: string,
  frontmatter: Record<string, unknown>,
  lineOf: LineOf,
): Issue[] {
  const schema = nodeSchema(provider, kind);
  return schema === null ? [] : checkDocument(path, schema, frontmatter, lineOf);
}

/** The schema issues of a parsed Claude Code settings file, or of a plugin's hooks file. */
export function settingsSchemaIssues(
  path: string,
  pluginHooks: boolean,
  doc: Record<string, unknown>,
): Issue[] {
  return checkDocument(path, pluginHooks ? CLAUDE_PLUGIN_HOOKS : CLAUDE_SETTINGS, doc);
}

/** The schema issues of a parsed Codex `config.toml` (its `mcp_servers` tables). */
export function codexConfigSchemaIssues(path: string, doc: Record<string, unknown>): Issue[] {
  return checkDocument(path, CODEX_CONFIG, doc);
}
