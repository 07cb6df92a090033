/** Where `skillstate init` puts the agent skill, relative to the project. */
export const SKILL_RELATIVE_PATH = '.claude/skills/skillstate/SKILL.md';

/**
 * The agent skill `skillstate init` writes. It does not depend on the project's spec (the agent reads that
 * with `spec.get`), so changing the spec never makes the skill stale.
 */
export const SKILL_TEXT = `---
name: skillstate
description: Keep the working state of a long, multi-step task in a file through the skillstate MCP tools, so progress survives context compaction, restarts and hand-offs between agents. Use it when a task spans many steps or sessions, or when the project has a skill-spec.json.
---

# skillstate: durable working state

The \`skillstate\` MCP server keeps one JSON object for this project in \`.skillstate/skillstate.json\`.
Treat it as the authoritative record of the task: the conversation may be compacted or restarted, the
state file is not. Its fields are declared by the project's procedure spec (\`skill-spec.json\`).

Tool names below are as the server lists them; your host may show them with a prefix such as
\`mcp__skillstate__\`.

## Start of a session

1. Call \`state.summary\` to see where the task stands (goal, counts, first next steps, session status).
2. If you need the full values, call \`state.get\`.
3. If you do not know the fields yet, call \`spec.get\`: it returns the instructions, the schema and an
   \`example_state_patch\` that is known to be valid.
4. \`spec.next\` answers "what now?": the goal, how much is done, the next steps and any blockers.

## While working

- Record progress with \`state.patch\` and the argument \`{"patch": {...}}\`, sending only the fields that
  changed. Objects merge key by key; arrays are replaced whole, so send the complete list; \`null\`
  deletes a field.
- Write after each meaningful step (a decision taken, a file produced, a blocker found), not only at the
  end. Small, frequent patches are cheap and survive an interruption.
- Unsure whether a patch fits the schema? \`state.validate\` checks it and writes nothing. A rejected
  \`state.patch\` also writes nothing and tells you the field at fault: fix that field and retry.
- \`state.diff\` shows what changed since you last looked (\`{"full": true}\` adds before and after).
- Keep secrets out of the state; values that look like keys or tokens are redacted when read back.

Example:

\`\`\`json
{"patch": {"progress": ["Parsed the input files"], "next_steps": ["Write the report", "Run the tests"]}}
\`\`\`

## Risky steps

Before something that may go wrong (a large refactor, a migration), call \`state.checkpoint\` with a short
\`label\`. If it goes wrong, \`state.rollback\` with the returned \`checkpointId\` (or none, for the latest)
puts the state back. Rollback restores the state file only, not your other files.

## Finishing

Call \`state.finalize\` with \`{"status": "completed"}\` (or \`"failed"\`, with a short \`result\`) when the
task is done, so the next session sees a finished run rather than an interrupted one.

## Sub-agents

Each sub-agent passes its own \`agent\` id to the state tools and works on a private copy. The main agent
uses \`agent.list\` to see them, \`agent.read\` to inspect one, and \`agent.merge\` to fold a finished one into
the main state (\`keep: "main"\` by default keeps the main value on conflicts, \`"sub"\` prefers the
sub-agent's).

## When the tools say "no skillstate state in this directory"

The project has not been set up. Ask the user to run \`skillstate init\` in the project root; do not
create the state file yourself.
`;
