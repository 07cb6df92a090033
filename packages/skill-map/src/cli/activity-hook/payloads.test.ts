import { describe, expect, it } from 'vitest';
import { invocationsOf } from './payloads.js';

const AT = 1_700_000_000_000;
const base = { session_id: 's', transcript_path: '/t.jsonl', cwd: '/p', permission_mode: 'default' };
const pre = (tool: string, input: unknown, extra: object = {}): unknown => ({
  ...base,
  hook_event_name: 'PreToolUse',
  tool_name: tool,
  tool_input: input,
  tool_use_id: 'toolu_1',
  ...extra,
});

describe('Claude Code payloads', () => {
  it('a Skill call names a skill (or a command: they share the tool)', () => {
    expect(invocationsOf('claude', pre('Skill', { skill: 'review', args: 'x' }), AT)).toEqual([
      { type: 'invocation', host: 'claude', kinds: ['skill', 'command'], name: 'review', at: AT },
    ]);
    expect(invocationsOf('claude', pre('Skill', { skill: 'my-plugin:review' }), AT)[0]?.name).toBe(
      'my-plugin:review',
    );
  });

  it('a Task or Agent call names the subagent; from inside a subagent it is a spawn pair', () => {
    expect(invocationsOf('claude', pre('Task', { subagent_type: 'planner', prompt: 'p' }), AT)).toEqual([
      { type: 'invocation', host: 'claude', kinds: ['agent'], name: 'planner', at: AT },
    ]);
    const nested = pre('Agent', { subagent_type: 'coder' }, { agent_id: 'a1', agent_type: 'planner' });
    expect(invocationsOf('claude', nested, AT)).toEqual([
      { type: 'invocation', host: 'claude', kinds: ['agent'], name: 'coder', by: 'planner', at: AT },
    ]);
  });

  it('a prompt that starts with /name is a slash command; other prompts say nothing', () => {
    const prompt = (text: string): unknown => ({
      ...base,
      hook_event_name: 'UserPromptSubmit',
      prompt: text,
    });
    expect(invocationsOf('claude', prompt('  /deploy staging'), AT)).toEqual([
      { type: 'invocation', host: 'claude', kinds: ['command', 'skill'], name: 'deploy', at: AT },
    ]);
    expect(invocationsOf('claude', prompt('please /deploy'), AT)).toEqual([]);
    expect(invocationsOf('claude', prompt('/'), AT)).toEqual([]);
    expect(invocationsOf('claude', prompt('//comment'), AT)).toEqual([]);
  });

  it('reports nothing for other tools, PostToolUse (no double count), missing or odd fields', () => {
    expect(invocationsOf('claude', pre('Bash', { command: 'ls' }), AT)).toEqual([]);
    expect(
      invocationsOf(
        'claude',
        { ...(pre('Skill', { skill: 'x' }) as object), hook_event_name: 'PostToolUse' },
        AT,
      ),
    ).toEqual([]);
    for (const odd of [null, 42, 'text', [], {}, pre('Skill', null), pre('Skill', { skill: 7 })])
      expect(invocationsOf('claude', odd, AT)).toEqual([]);
    expect(invocationsOf('claude', pre('Skill', { skill: 'a b; rm -rf /' }), AT)).toEqual([]);
    expect(invocationsOf('claude', pre('Task', {}), AT)).toEqual([]); // the default agent names no file
  });
});

describe('Codex payloads', () => {
  it('SubagentStart names the agent; $name in a prompt names skills (each once)', () => {
    expect(
      invocationsOf(
        'codex',
        { ...base, hook_event_name: 'SubagentStart', agent_id: 'x', agent_type: 'reviewer' },
        AT,
      ),
    ).toEqual([{ type: 'invocation', host: 'codex', kinds: ['agent'], name: 'reviewer', at: AT }]);
    const prompt = {
      ...base,
      hook_event_name: 'UserPromptSubmit',
      prompt: 'use $lint, then $deploy. Cost: 5$ ($lint)',
    };
    expect(invocationsOf('codex', prompt, AT).map((i) => i.name)).toEqual(['lint', 'deploy']);
    expect(invocationsOf('codex', { ...base, hook_event_name: 'PreToolUse', tool_name: 'Bash' }, AT)).toEqual(
      [],
    );
  });
});

describe('OpenCode payloads (from the relay plugin)', () => {
  it('the skill tool names a skill, the task tool an agent; other tools nothing', () => {
    const call = (tool: string, args: unknown): unknown => ({
      hook_event_name: 'tool.execute.before',
      tool,
      args,
      cwd: '/p',
    });
    expect(invocationsOf('opencode', call('skill', { name: 'review' }), AT)).toEqual([
      { type: 'invocation', host: 'opencode', kinds: ['skill'], name: 'review', at: AT },
    ]);
    expect(
      invocationsOf('opencode', call('task', { subagent_type: 'planner', prompt: 'p' }), AT)[0],
    ).toMatchObject({
      kinds: ['agent'],
      name: 'planner',
    });
    expect(invocationsOf('opencode', call('bash', { command: 'ls' }), AT)).toEqual([]);
  });
});
