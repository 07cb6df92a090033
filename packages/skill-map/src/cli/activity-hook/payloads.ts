// What a host's hook payload says ran, as invocations by name: the server resolves a name to the node of the map
// (one resolver for every host: server/activity/invocation-resolver.ts). Pure: no I/O, no imports.

/** The hosts `sm activity report --for` reads payloads of. */
export const HOOK_HOSTS = ['claude', 'codex', 'opencode'] as const;
export type HookHost = (typeof HOOK_HOSTS)[number];

/**
 * One invocation on the wire (`POST /api/activity`): something named `name`, of one of `kinds` (in preference
 * order), ran; `by` names the agent it ran inside, when the host says so (then it is an `agent.spawn` pair).
 */
export interface Invocation {
  type: 'invocation';
  host: HookHost;
  kinds: string[];
  name: string;
  by?: string;
  at: number;
}

/** At most this many invocations from one payload (a prompt that mentions many skills). */
const MAX_PER_PAYLOAD = 20;
/** A name as the hosts spell them: `review`, `my-plugin:reviewer`, `ns/cmd`. */
const NAME = /^[A-Za-z0-9_][\w.:/-]{0,199}$/;

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function field(obj: unknown, key: string): unknown {
  return typeof obj === 'object' && obj !== null ? (obj as Record<string, unknown>)[key] : undefined;
}

function make(
  host: HookHost,
  kinds: string[],
  name: string | null,
  by: string | null,
  at: number,
): Invocation[] {
  if (name === null || !NAME.test(name)) return [];
  const out: Invocation = { type: 'invocation', host, kinds, name, at };
  if (by !== null && NAME.test(by) && by !== name) out.by = by;
  return [out];
}

/** `/name args` at the start of a prompt: the slash command (or a skill run as one) the user typed. */
function slashCommand(prompt: string | null): string | null {
  if (prompt === null) return null;
  const match = /^\s*\/([^\s/][^\s]*)/.exec(prompt);
  return match?.[1] ?? null;
}

/**
 * Claude Code (hooks reference: common fields `hook_event_name`, `agent_type` inside a subagent):
 * - `PreToolUse` of the `Skill` tool: `tool_input.skill` names a skill (or a command: they share the tool);
 * - `PreToolUse` of `Task` (called `Agent` by newer builds): `tool_input.subagent_type` names the agent;
 * - `UserPromptSubmit` whose `prompt` starts with `/name`: a slash command (or a skill typed as one).
 * Inside a subagent the payload carries that agent's `agent_type`: the call is then a spawn pair from it.
 * Everything else (PostToolUse, other tools, plain prompts) reports nothing, so nothing is counted twice.
 */
function fromClaude(p: unknown, at: number): Invocation[] {
  const by = str(field(p, 'agent_type'));
  const event = field(p, 'hook_event_name');
  if (event === 'PreToolUse') {
    const tool = field(p, 'tool_name');
    const input = field(p, 'tool_input');
    if (tool === 'Skill') return make('claude', ['skill', 'command'], str(field(input, 'skill')), by, at);
    if (tool === 'Task' || tool === 'Agent')
      return make('claude', ['agent'], str(field(input, 'subagent_type')), by, at);
    return [];
  }
  if (event === 'UserPromptSubmit')
    return make('claude', ['command', 'skill'], slashCommand(str(field(p, 'prompt'))), by, at);
  return [];
}

/**
 * Codex (hooks reference: `SubagentStart` carries the child's `agent_type`; `UserPromptSubmit` the `prompt`, in
 * which `$name` runs a skill). Codex starts skills by mention, not through a tool, so a prompt is all it tells.
 */
function fromCodex(p: unknown, at: number): Invocation[] {
  const event = field(p, 'hook_event_name');
  if (event === 'SubagentStart') return make('codex', ['agent'], str(field(p, 'agent_type')), null, at);
  if (event !== 'UserPromptSubmit') return [];
  const prompt = str(field(p, 'prompt'));
  if (prompt === null) return [];
  const by = str(field(p, 'agent_type'));
  const seen = new Set<string>();
  const out: Invocation[] = [];
  for (const m of prompt.matchAll(/(?:^|[\s(])\$([A-Za-z0-9_][\w.:-]*)/g)) {
    const name = m[1]!.replace(/[.:]+$/, '');
    if (seen.has(name) || out.length >= MAX_PER_PAYLOAD) continue;
    seen.add(name);
    out.push(...make('codex', ['skill'], name, by, at));
  }
  return out;
}

/**
 * OpenCode, through the relay plugin `sm activity install --for opencode` writes: its `tool.execute.before` hook
 * hands over `{tool, args}`; the `skill` tool's `args.name` names a skill, the `task` tool's `args.subagent_type`
 * an agent. OpenCode does not say which agent made the call, so there are no spawn pairs.
 */
function fromOpencode(p: unknown, at: number): Invocation[] {
  if (field(p, 'hook_event_name') !== 'tool.execute.before') return [];
  const args = field(p, 'args');
  const tool = field(p, 'tool');
  if (tool === 'skill') return make('opencode', ['skill'], str(field(args, 'name')), null, at);
  if (tool === 'task') return make('opencode', ['agent'], str(field(args, 'subagent_type')), null, at);
  return [];
}

/** The invocations a host's hook payload reports (none for anything it does not recognise). */
export function invocationsOf(host: HookHost, payload: unknown, at: number): Invocation[] {
  if (host === 'claude') return fromClaude(payload, at);
  return host === 'codex' ? fromCodex(payload, at) : fromOpencode(payload, at);
}
