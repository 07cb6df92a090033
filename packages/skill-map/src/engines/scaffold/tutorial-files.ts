// The tutorial skill `sm tutorial` writes into a host's skill folder (`<skillDir>/sm-tutorial/`): a guided first hour
// with skill-map that the tester's own agent leads, in an empty folder it is free to fill and then delete.
const SKILL = `---
name: sm-tutorial
description: A guided first hour with skill-map (the sm command). Builds a small agent project in this empty folder, then walks the user through scanning it, reading the map, fixing the issues sm check finds, curating .sm sidecars and watching live activity. Use when the user says start the skill-map tutorial, teach me skill-map, sm tutorial, or asks how to try skill-map.
---

# The skill-map tutorial

You are guiding a person through skill-map, a tool that maps the files an agent host reads (skills, agents,
commands, CLAUDE.md / AGENTS.md, MCP configs) into a graph, checks it, and serves it as a web page. The person
ran \`sm tutorial\` in an empty folder; everything you create stays in this folder, so they can delete it afterwards.

## How to lead

- One step at a time. Say what the step shows, run or ask them to run the command, then read the output together.
- Run \`sm\` commands yourself when you can (they are safe here); show the exact command each time so they learn it.
- Never edit files outside this folder. Never delete anything but what the tutorial created.
- If a command fails, read its message aloud: skill-map's errors say what to do next. \`sm help <verb>\` explains any verb.
- At each part's end, ask whether to go on, repeat, or stop. The parts are in \`references/\`; read one when you start it.

## The parts

1. **A project to map** (\`references/1-project.md\`): create the files of a small handbook project.
2. **Scan and read the map** (\`references/2-scan.md\`): \`sm scan\`, \`sm list\`, \`sm show\`, \`sm serve\`.
3. **Checks and fixes** (\`references/3-check.md\`): \`sm check\`, \`sm explain\`, fix two problems, dismiss one.
4. **Sidecars** (\`references/4-sidecars.md\`): \`sm sidecars annotate|refresh|prune\` and the consent they ask for.
5. **Live activity** (\`references/5-activity.md\`): \`sm activity install\`, watching what runs, and never-run nodes.

Start with part 1 unless the person asks for another. If the folder is not empty when you start (other than
\`.claude/skills/sm-tutorial/\` or \`.agents/skills/sm-tutorial/\`), ask before writing anything.
`;

const PROJECT = `# Part 1: a project to map

Create these files (exactly; the later parts rely on them). Tell the person what each one is for an agent host.

\`CLAUDE.md\`:

\`\`\`markdown
# Field notes handbook

The team keeps trip notes in \`notes/\`. Use the \`note-writer\` agent to draft a note, \`/publish\` to publish one,
and the \`spell-check\` skill before publishing. House style: [style guide](docs/style.md).
\`\`\`

\`.claude/agents/note-writer.md\`:

\`\`\`markdown
---
name: note-writer
description: Drafts a field note from the user's bullet points, in the house style. Use when asked to write a note.
skills: [spell-check]
---
Write the note in the style of [the guide](../../docs/style.md), then save it under notes/.
\`\`\`

\`.claude/commands/publish.md\`:

\`\`\`markdown
---
description: Publishes a finished note.
---
Run the spell-check skill on $ARGUMENTS, then follow [the publishing steps](../../docs/publishing.md).
\`\`\`

\`.claude/skills/spell-check/SKILL.md\`:

\`\`\`markdown
---
name: spell-check
description: Checks spelling and the house style of a note. Use before publishing a note.
---
Check the note against [the style guide](../../../docs/style.md).
\`\`\`

\`docs/style.md\`: a short style guide (three bullet points of your choice).

Do **not** create \`docs/publishing.md\` yet: part 3 finds the broken link.
`;

const SCAN = `# Part 2: scan and read the map

1. \`sm scan\`: skill-map walks the folder, detects the host (Claude Code, from \`.claude/\`), and stores the map in
   \`.skill-map/skill-map.db\`. Point out the counts: nodes (files it understood), links, issues.
2. \`sm list\`: every node with its kind (agent, command, skill, markdown). Ask the person which kinds they expected.
3. \`sm show .claude/agents/note-writer.md\`: its frontmatter, its size, and its links in and out (the skill it
   preloads, the style guide it links). Explain that a link is something a host would follow or load.
4. \`sm graph\`: the same graph as text. \`sm graph --format mermaid\` gives a diagram they can paste anywhere.
5. \`sm serve\`: the web page at the printed URL. Let them click a node and read its panel. Stop it with Ctrl-C
   when done (or leave it running for part 5).
`;

const CHECK = `# Part 3: checks and fixes

1. \`sm check\`: errors first, grouped by file. The broken link to \`docs/publishing.md\` is an error: a host following
   \`/publish\` would not find the steps. \`sm explain reference-broken\` prints the rule's page.
2. Fix it: create \`docs/publishing.md\` with two steps of your choice. Run \`sm check\` again: the error is gone.
3. Plant a warning: in \`.claude/agents/note-writer.md\`, add \`color: purpel\` to the frontmatter. \`sm check\` says
   which colours Claude Code accepts and suggests the closest one. Fix it to \`purple\`.
4. Info is hidden by default: \`sm check --severity info\` shows it too. In CI, \`sm check --max-warnings 0\` fails
   on any warning; info never counts.
5. Dismissing: if an issue is fine as it is, \`sm issues dismiss <node> <rule> <value>\` records why in the node's
   \`.sm\` sidecar (part 4 explains sidecars). Show \`sm issues suppressions\`, then \`sm issues undismiss\` it again.
`;

const SIDECARS = `# Part 4: sidecars

A \`.sm\` file beside a node (\`note-writer.md\` → \`note-writer.sm\`) holds what people say about it: version,
stability, tags, dismissed issues. skill-map only writes one when asked, and only with consent.

1. \`sm sidecars annotate .claude/agents/note-writer.md -n\`: a dry run, nothing is written. Then without \`-n\`:
   it asks for consent. \`--yes\` allows this one write; \`sm config set allowEditSmFiles true\` allows them from now on
   (in \`.skill-map/settings.local.json\`, never committed).
2. Open the new \`.sm\`: its \`identity\` holds the node's hashes. Add \`tags: [writing]\` under \`annotations\`.
3. Edit the agent's body, \`sm scan\`, then \`sm show\` it: the sidecar is \`stale-body\`. \`sm sidecars refresh
   .claude/agents/note-writer.md --yes\` brings the hashes up to date and keeps the tags.
4. A sidecar whose file is gone is an orphan: create \`docs/old.sm\` (any annotations, no \`docs/old.md\`), then
   \`sm sidecars prune -n\` lists it and \`sm sidecars prune --yes\` deletes it.
`;

const ACTIVITY = `# Part 5: live activity

1. \`sm activity install\` registers a hook in \`.claude/settings.local.json\` (your own settings stay as they are;
   \`sm activity uninstall\` gives the file back byte for byte). \`sm activity status\` shows it.
2. Keep \`sm serve\` running, open the page, then in this folder ask the agent to use the note-writer agent or run
   \`/publish\`: the page rings the node that ran, and an agent starting another draws the edge.
3. Every run is also kept in the project database. After 30 days of capture, \`sm check --severity info\` reports
   the agents, skills and commands that never ran (\`sm explain node-never-run\`).
4. To finish: \`sm activity uninstall\`, then the person may delete this whole folder.
`;

/** The tutorial skill's files, by path inside its folder. */
export const TUTORIAL_FILES: Readonly<Record<string, string>> = {
  'SKILL.md': SKILL,
  'references/1-project.md': PROJECT,
  'references/2-scan.md': SCAN,
  'references/3-check.md': CHECK,
  'references/4-sidecars.md': SIDECARS,
  'references/5-activity.md': ACTIVITY,
};
