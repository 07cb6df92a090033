// Test support only: a small project whose scan produces every node kind of the spec's vocabulary (NODE_KINDS:
// agents, commands, skills, a virtual MCP server, a Cursor rule, an Antigravity workflow, Markdown, a plugin, a
// marketplace, Claude Code settings) and every link kind (invokes, references, mentions, points), with no issue.

export const EVERY_KIND_PROJECT: Readonly<Record<string, string>> = {
  '.claude/agents/reviewer.md':
    '---\nname: reviewer\ndescription: Reviews changes.\ntools: [Read, mcp__tracker__search]\n---\n' +
    'Review the diff, then run /deploy. Read [the guide](../../docs/guide.md).\n',
  '.claude/commands/deploy.md':
    '---\ndescription: Deploys.\n---\nDeploy once lint passes; see `docs/guide.md`.\n',
  '.claude/skills/lint/SKILL.md':
    '---\nname: lint\ndescription: Lints the code base.\n---\nLint, then ask @reviewer.\n',
  '.claude/settings.json':
    JSON.stringify({
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo ok' }] }] },
    }) + '\n',
  '.mcp.json': '{ "mcpServers": { "tracker": { "command": "tracker-mcp" } } }\n',
  '.cursor/rules/typescript.mdc':
    '---\ndescription: TypeScript rules\nglobs: ["**/*.ts"]\n---\nFollow `docs/guide.md`.\n',
  '.agent/workflows/hotfix.md': '---\ndescription: Hotfix\n---\nRun /deploy.\n',
  'plugins/kit/.claude-plugin/plugin.json':
    '{ "name": "kit", "description": "A kit", "skills": "./skills" }\n',
  'plugins/kit/skills/write/SKILL.md': '---\nname: write\ndescription: Writes\n---\nWrite.\n',
  '.claude-plugin/marketplace.json':
    '{ "name": "market", "owner": { "name": "x" }, "plugins": [ { "name": "kit", "source": "./plugins/kit" } ] }\n',
  'docs/guide.md': '# Guide\nSee [the readme](../README.md).\n',
  'README.md': '# Project\nStart with [the guide](docs/guide.md); ask @reviewer, run /deploy.\n',
};
