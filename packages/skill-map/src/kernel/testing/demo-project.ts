// Test support only: the demo project's files (a copy of examples/demo-project as it was when the tests stopped
// reading the repository's example folder, issue 23 point 10): a small harness covering every host layout (Claude
// Code, OpenCode, Codex, Antigravity, Cursor), with two intentionally broken references. Suites write it into a
// temp folder (or scan it from memory); `npm run demo` serves a copy of the example itself, so the two may drift.

/** Project-relative path → text. */
export const DEMO_PROJECT: Readonly<Record<string, string>> = {
  '.agent/workflows/hotfix.md':
    [
      '---',
      'description: Ship a hotfix without waiting for the next release.',
      '---',
      '',
      '1. Branch from the last tag.',
      '2. Apply the fix and run the tests.',
      '3. Run /release-notes for the single change, then /deploy.',
    ].join('\n') + '\n',
  '.agents/skills/db-migrate/SKILL.md':
    [
      '---',
      'name: db-migrate',
      'description: Writes and checks a database migration for the release.',
      '---',
      '',
      '# Database migration',
      '',
      'Write the migration, run it against a scratch database, and record the result in',
      '[the release process](../../../docs/release-process.md).',
    ].join('\n') + '\n',
  '.claude/agents/reviewer.md':
    [
      '---',
      'name: reviewer',
      'description: Reviews release notes and deployment plans before anything ships.',
      'tools: Read, Grep, mcp__github__get_pull_request',
      '---',
      '',
      'You review what the release-notes skill drafted. Compare every entry with its' +
        ' pull request, and refuse notes that',
      'mention work not merged yet. When the notes are fine, say so and suggest' + ' `/deploy`.',
    ].join('\n') + '\n',
  '.claude/commands/deploy.md':
    [
      '---',
      'description: Deploy the approved release.',
      '---',
      '',
      'Only after `/ship` said go: tag the release, push the tag, and watch the' + ' pipeline.',
    ].join('\n') + '\n',
  '.claude/commands/ship.md':
    [
      '---',
      'description: "Prepare a release: notes, review, and a go/no-go."',
      '---',
      '',
      'Draft the notes with the release-notes skill' +
        ' (`.claude/skills/release-notes/SKILL.md`), ask @reviewer to check',
      'them, and stop with a go/no-go summary.',
    ].join('\n') + '\n',
  '.claude/skills/changelog-lint/SKILL.md':
    [
      '---',
      'name: changelog-lint',
      'description: Checks a changelog draft for missing sections, broken links and' + ' unreleased entries.',
      '---',
      '',
      '# Changelog lint',
      '',
      'Read the draft and report:',
      '- sections other than Added, Changed, Fixed;',
      '- entries without a pull-request link;',
      '- links that point to [the style guide](../../../docs/style-guide.md).',
    ].join('\n') + '\n',
  '.claude/skills/release-notes/SKILL.md':
    [
      '---',
      'name: release-notes',
      'description: Drafts release notes from the merged pull requests since the last' + ' tag.',
      '---',
      '',
      '# Release notes',
      '',
      '1. List the pull requests merged since the last tag (use the GitHub MCP server).',
      '2. Group them under Added, Changed, Fixed.',
      '3. Check the draft with the [changelog lint](../changelog-lint/SKILL.md) skill.',
      '4. Hand the draft to @reviewer, then continue with `/deploy`.',
      '',
      'Keep the wording of [the release process](../../../docs/release-process.md).',
    ].join('\n') + '\n',
  '.codex/agents/triager.toml':
    [
      'name = "triager"',
      'description = "Sorts incoming issues before a release."',
      'developer_instructions = """',
      'Label each new issue, and when it blocks the release ask for `$db-migrate` only' +
        ' if the schema is involved.',
      '"""',
    ].join('\n') + '\n',
  '.codex/config.toml':
    [
      '# Codex project settings for the demo.',
      '[mcp_servers.docs]',
      'command = "docs-mcp"',
      'args = ["--root", "docs"]',
    ].join('\n') + '\n',
  '.cursor/commands/review.md':
    [
      '# Review',
      '',
      'Review the current diff the way the reviewer agent would' + ' (`.claude/agents/reviewer.md`).',
    ].join('\n') + '\n',
  '.cursor/mcp.json':
    [
      '{',
      '  "mcpServers": {',
      '    "github": { "command": "github-mcp-server", "args": ["stdio"] }',
      '  }',
      '}',
    ].join('\n') + '\n',
  '.cursor/rules/typescript.mdc':
    [
      '---',
      'description: TypeScript conventions for this repository.',
      'globs: "**/*.ts"',
      'alwaysApply: false',
      '---',
      '',
      'Strict mode everywhere. Prefer small modules. See [architecture' +
        ' notes](../../docs/architecture.md).',
    ].join('\n') + '\n',
  '.mcp.json':
    [
      '{',
      '  "mcpServers": {',
      '    "github": { "type": "stdio", "command": "github-mcp-server", "args":' + ' ["stdio"] },',
      '    "filesystem": { "type": "stdio", "command": "mcp-server-filesystem", "args":' + ' ["."] }',
      '  }',
      '}',
    ].join('\n') + '\n',
  '.opencode/agent/planner.md':
    [
      '---',
      'description: Plans larger changes before anyone writes code.',
      'mode: subagent',
      '---',
      '',
      'Write a short plan, list the risks, and end with the command to run next,' + ' usually `/plan`.',
    ].join('\n') + '\n',
  '.opencode/commands/plan.md':
    [
      '---',
      'description: Turn a request into a step-by-step plan.',
      '---',
      '',
      'Ask the planner agent for a plan and save it under `docs/`.',
    ].join('\n') + '\n',
  'AGENTS.md':
    [
      '# Agents working on the Acme release kit',
      '',
      '- Cutting a release: run `/ship`, which drafts notes with the release-notes' +
        ' skill and asks @reviewer to check them.',
      '- Database changes go through `$db-migrate`; never edit `migrations/` by hand.',
      '- The process in full: [release process](docs/release-process.md). Architecture' +
        ' notes: `docs/architecture.md`.',
      '- Planning a larger change: the OpenCode planner agent writes the plan (see' +
        ' `.opencode/agent/planner.md`).',
    ].join('\n') + '\n',
  'CLAUDE.md':
    [
      '# Claude Code notes',
      '',
      'Follow [AGENTS.md](AGENTS.md). Use `/deploy` only after `/ship` has produced' + ' approved notes.',
      'The changelog check lives in the changelog-lint skill:' + ' `.claude/skills/changelog-lint/SKILL.md`.',
    ].join('\n') + '\n',
  'README.md':
    [
      '# Acme release kit (demo project)',
      '',
      'A small, made-up project whose agent harness covers every host layout skill-map' +
        ' and skillstate know:',
      'Claude Code (`.claude/`), Codex (`.codex/`, `.agents/skills/`), OpenCode' +
        ' (`.opencode/`, `opencode.json`),',
      'Antigravity (`.agent/workflows/`), Cursor (`.cursor/`), and the plain' +
        ' `AGENTS.md` / `CLAUDE.md` files.',
      '',
      'Start with [AGENTS.md](AGENTS.md), then read [the release' + ' process](docs/release-process.md).',
    ].join('\n') + '\n',
  'docs/architecture.md':
    [
      '# Architecture',
      '',
      'The release kit is a set of agent instructions; there is no application code.' +
        ' The deployment details moved to',
      '[the deployment guide](deployment.md) (not written yet).',
    ].join('\n') + '\n',
  'docs/release-process.md':
    [
      '# Release process',
      '',
      '1. `/ship` drafts and reviews the notes.',
      '2. `/deploy` tags and pushes.',
      '3. Hotfixes follow the hotfix workflow (`.agent/workflows/hotfix.md`).',
      '',
      'Questions go to the #releases channel; the runbook is at' + ' https://example.com/runbook.',
    ].join('\n') + '\n',
  'opencode.json':
    [
      '{',
      '  "$schema": "https://opencode.ai/config.json",',
      '  "mcp": {',
      '    "tracker": { "type": "remote", "url": "http://127.0.0.1:7000/mcp",' + ' "enabled": true }',
      '  }',
      '}',
    ].join('\n') + '\n',
};
