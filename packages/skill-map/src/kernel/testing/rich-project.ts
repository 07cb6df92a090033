// Test support only: a Claude Code project shaped like the real corpora and like the projects where the in-place
// patch used to give up: agents whose `tools:` name MCP servers (some defined in `.mcp.json`, some only virtual), a
// skill with `allowed-tools`, a CLAUDE.md, a plugin (manifest, its skills calling each other as `plugin:skill`),
// fenced and broken references, and every link kind the extractors emit. Plus one-line edits that keep each file's
// identity, and edits that do not (with the reason the scan gives for building in full). Sidecars: tags on an agent,
// suppressions on a command (of a broken link and an unknown tool it has), a deprecated note.

export const RICH_PROJECT: Readonly<Record<string, string>> = {
  '.mcp.json':
    '{\n  "mcpServers": {\n    "linear": { "command": "linear-mcp" },\n    "github": { "type": "http", "url": "https://example.com/mcp" }\n  }\n}\n',
  '.claude/agents/triager.md':
    '---\nname: triager\ndescription: Triages issues\ntools: [Read, Grep, mcp__linear__search]\n---\nTriage, then run /deploy and read [the guide](../../docs/guide.md).\n',
  '.claude/agents/poster.md':
    '---\nname: poster\ndescription: Posts updates\ntools: Read, mcp__slack__post, mcp__linear__create_issue\n---\nPosts. Ask @triager; see `docs/a.md`.\n',
  '.claude/agents/plain.md': '---\nname: plain\ntools: [Read]\n---\nNo MCP. Use `$pdf` and @nobody.\n',
  '.claude/commands/deploy.md':
    '---\ndescription: Deploys\nallowed-tools: [Bash, mcp__github__create_release]\n---\nDeploy after `/review`. See [a](../../docs/a.md) and [gone](../../docs/gone.md).\n',
  '.claude/commands/review.md':
    '---\ndescription: Reviews\nallowed-tools: [Bash, Raed]\n---\nReview the diff, then run /deploy. See [old](../../docs/old.md).\n',
  '.claude/skills/pdf/SKILL.md':
    '---\nname: pdf\ndescription: PDFs\nallowed-tools: [Read, mcp__drive__fetch]\n---\nUse /review; see [reference](reference.md) and `scripts/run.sh`.\n',
  '.claude/skills/pdf/reference.md': 'Reference for `pdf`. See `docs/a.md` and [missing](nope.md).\n',
  'plugins/kit/.claude-plugin/plugin.json': '{\n  "name": "kit",\n  "description": "A kit"\n}\n',
  'plugins/kit/skills/brainstorm/SKILL.md':
    '---\nname: brainstorm\ndescription: Brainstorms\n---\nThink, then `kit:write` and kit:missing.\n',
  'plugins/kit/skills/write/SKILL.md':
    '---\nname: write\ndescription: Writes\n---\nWrite after kit:brainstorm. See [notes](notes.md).\n',
  'plugins/kit/skills/write/notes.md': 'Notes. Back to [write](SKILL.md).\n',
  'docs/guide.md':
    'Guide: [a](a.md), [gone](gone.md), `docs/a.md`, @triager. In code: `@helperbot`.\n\n```sh\n/deploy --now\n```\n\nAlso https://example.com/x.\n',
  'docs/a.md': 'A. [guide](guide.md) [self](a.md) run /deploy and /help.\n',
  'CLAUDE.md':
    'Memory. @docs/guide.md and [a](docs/a.md). Agents: @triager, @poster. Run /deploy; plugin kit:brainstorm.\n',
  'AGENTS.md': 'Agents: start with [CLAUDE.md](CLAUDE.md) and `docs/guide.md`.\n',
  'scripts/run.sh': 'echo run\n',
  '.claude/agents/triager.sm': 'annotations:\n  tags: [triage, linear]\n',
  '.claude/commands/review.sm':
    'annotations:\n  issueSuppressions:\n    - analyzer: core/reference-broken\n      value: docs/old.md\n    - analyzer: tool-unknown\n      value: Raed\n',
  'plugins/kit/skills/write/notes.sm': 'annotations:\n  stability: deprecated\n',
};

/**
 * Sidecar rewrites that build in full, with the reason: the deprecated label goes (the deprecation issue counts the
 * links reaching the node), and comes back.
 */
export const RICH_SIDECAR_FALLBACKS: ReadonlyArray<readonly [path: string, text: string, reason: string]> = [
  [
    'plugins/kit/skills/write/notes.sm',
    'annotations:\n  stability: stable\n',
    "the sidecar 'plugins/kit/skills/write/notes.sm' changes whether 'plugins/kit/skills/write/notes.md' is deprecated",
  ],
  [
    'plugins/kit/skills/write/notes.sm',
    'annotations:\n  stability: deprecated\n',
    "the sidecar 'plugins/kit/skills/write/notes.sm' changes whether 'plugins/kit/skills/write/notes.md' is deprecated",
  ],
];

/** Lines to append (each keeps the file's identity: no new name, no new MCP server, no new plugin). */
export const RICH_SNIPPETS: readonly string[] = [
  'Plain text, nothing to resolve.',
  'See [a](a.md) and [guide](guide.md).',
  'See [gone](nope.md) twice: [gone](nope.md).',
  'Run /deploy, /review and /help.',
  'Ask @triager or @poster or @nobody.',
  'Call kit:brainstorm, `kit:write` and kit:nothing.',
  'Paths `docs/a.md`, `x/y.md` and `scripts/run.sh`.',
  'Links [CLAUDE](../CLAUDE.md) and [plugin](../plugins/kit/skills/write/SKILL.md).',
  '```\n/deploy inside a fence, [fenced](a.md)\n```',
  'Use `$pdf`, then https://example.com/page.',
];

/** Rewrites of non-Markdown files that keep what they declare (same servers, same plugin names). */
export const RICH_CONFIG_EDITS: Readonly<Record<string, string>> = {
  '.mcp.json':
    '{"mcpServers":{"linear":{"command":"linear-mcp","args":["--fast"]},"github":{"type":"http","url":"https://example.com/other"}}}\n',
  'plugins/kit/.claude-plugin/plugin.json':
    '{\n  "name": "kit",\n  "description": "A kit, described anew",\n  "version": "2.0.0"\n}\n',
};

/** Edits that change what other files resolve against, and the reason the scan gives for building in full. */
export const RICH_IDENTITY_CHANGES: ReadonlyArray<readonly [path: string, text: string, reason: string]> = [
  [
    'plugins/kit/skills/write/SKILL.md',
    '---\nname: write\ndescription: Writes\n---\nWrite after kit:brainstorm, no notes.\n',
    "'plugins/kit/skills/write/SKILL.md' changes how many links reach the deprecated 'plugins/kit/skills/write/notes.md'",
  ],
];

/**
 * Edits, applied in this order, that change the virtual nodes others resolve against: each patches in place (the
 * touched `mcp://` nodes merged again, the files reaching them re-resolved); the last one swaps a server for another
 * at once, which builds in full (a full persist may carry state from the vanished node to the new one).
 */
export const RICH_VIRTUAL_EDITS: ReadonlyArray<readonly [path: string, text: string, reason: string | null]> =
  [
    [
      '.claude/agents/triager.md',
      '---\nname: triager\ndescription: Triages issues\ntools: [Read, Grep, mcp__linear__search, mcp__notion__find]\n---\nTriage, then run /deploy.\n',
      null,
    ],
    [
      '.mcp.json',
      '{"mcpServers":{"linear":{"command":"linear-mcp"},"github":{"type":"http","url":"https://example.com/mcp"},"slack":{"type":"sse","url":"https://example.com/slack"},"jira":{"command":"jira-mcp"}}}\n',
      null,
    ],
    [
      '.mcp.json',
      '{"mcpServers":{"linear":{"command":"linear-mcp"},"slack":{"command":"slack-mcp"}}}\n',
      null,
    ],
    [
      '.claude/agents/triager.md',
      '---\nname: triager\ndescription: Triages issues\ntools: [Read, Grep, mcp__linear__search]\n---\nTriage, then run /deploy.\n',
      null,
    ],
    [
      '.claude/skills/pdf/SKILL.md',
      '---\nname: pdf\ndescription: PDFs\nallowed-tools: [Read, mcp__box__fetch]\n---\nUse /review; see [reference](reference.md).\n',
      "virtual nodes appear ('mcp://box') and vanish ('mcp://drive') at once",
    ],
  ];

/**
 * Renames, applied in this order: each patches in place (the name index, the name-collision and name-mismatch issues
 * and the files whose triggers may name the old or new name re-resolved), row for row a full scan of a copy.
 */
export const RICH_RENAMES: ReadonlyArray<readonly [path: string, text: string]> = [
  // Known by its file name still: @triager keeps resolving, `sorter` is new.
  [
    '.claude/agents/triager.md',
    '---\nname: sorter\ndescription: Triages issues\ntools: [Read, Grep, mcp__linear__search]\n---\nTriage, then run /deploy.\n',
  ],
  // Two agents declaring one name: a name-collision error appears.
  ['.claude/agents/poster.md', '---\nname: plain\ndescription: Posts updates\n---\nPosts. Ask @triager.\n'],
  // ... and goes away again; a code-only trigger that was dropped (`@helperbot`) now resolves.
  [
    '.claude/agents/poster.md',
    '---\nname: helperbot\ndescription: Posts updates\n---\nPosts. Ask @sorter.\n',
  ],
  [
    '.claude/skills/pdf/SKILL.md',
    '---\nname: portable\ndescription: PDFs\n---\nUse /review; `$pdf` and `$portable`.\n',
  ],
  ['.claude/agents/triager.md', '---\ndescription: No name any more\n---\nTriage.\n'],
  // The plugin's namespace goes (its `kit:` triggers drop out) and comes back.
  ['plugins/kit/.claude-plugin/plugin.json', '{ "name": "toolkit" }\n'],
  ['plugins/kit/.claude-plugin/plugin.json', '{ "name": "kit", "description": "back" }\n'],
];
