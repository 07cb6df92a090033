// Synthetic skill-map projects shaped like real harness repos (and the corpora in ../shared/corpora): Claude skills as
// folders, commands and agents as files, many docs in topic folders of 30-100 files, AGENTS.md/CLAUDE.md,
// frontmatter, plugins (manifest, skills and commands calling each other as `plugin:skill`), MCP tool uses in
// `tools:`/`allowed-tools` (servers `.mcp.json` defines and servers it does not, which become virtual nodes), a few
// sidecars (tags, a deprecated doc), fenced code holding /commands and links, and cross-links of every kind the
// extractors know (markdown links, backtick paths, /command, @agent, mcp tools), some of them broken (planted).
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';

/** A small deterministic PRNG (mulberry32) so every run generates the same project. */
export function createRandom(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (xs) => xs[Math.floor(next() * xs.length)],
    chance: (p) => next() < p,
  };
}

const WORDS =
  'build test deploy review lint release cache index schema query graph node link issue token budget agent skill command workflow server client config secret policy audit trace metric log alert queue job worker retry backoff limit page cursor batch stream event hook plugin theme layout route store model prompt context window'.split(
    ' ',
  );
const TOPICS =
  'architecture api guides runbooks decisions onboarding security testing releases integrations data observability performance style glossary tutorials faq migrations incidents playbooks'.split(
    ' ',
  );

function words(r, n) {
  return Array.from({ length: n }, () => r.pick(WORDS)).join(' ');
}

function sentence(r) {
  const s = words(r, r.int(8, 18));
  return `${s[0].toUpperCase()}${s.slice(1)}.`;
}

/** Plans names and paths for `total` Markdown nodes. */
function plan(r, total) {
  const skills = Math.max(3, Math.round(total * 0.08));
  const commands = Math.max(2, Math.round(total * 0.04));
  const agents = Math.max(2, Math.round(total * 0.03));
  const skillRefs = Math.round(skills * 0.25); // reference.md next to some SKILL.md
  const rootDocs = 3; // AGENTS.md, CLAUDE.md, README.md
  const pluginNodes =
    Math.max(1, Math.round(total / 3000)) *
    (Math.max(2, Math.round(total * 0.0025)) + Math.max(1, Math.round(total * 0.0005)));
  let docs = total - skills - commands - agents - skillRefs - rootDocs - pluginNodes;
  const topics = [];
  for (let t = 0; docs > 0; t += 1) {
    const size = Math.min(docs, r.int(30, 100));
    const base = TOPICS[t % TOPICS.length];
    topics.push({ name: t < TOPICS.length ? base : `${base}-${Math.floor(t / TOPICS.length)}`, size });
    docs -= size;
  }
  const name = (prefix, i) => `${prefix}-${r.pick(WORDS)}-${i}`;
  // Plugins as the corpora ship them: a manifest, a dozen skills and a few commands per plugin (1% of the nodes).
  const plugins = Array.from({ length: Math.max(1, Math.round(total / 3000)) }, (_, i) => ({
    name: `kit${i}`,
    skills: Array.from({ length: Math.max(2, Math.round(total * 0.0025)) }, (_, j) => name('pskill', j)),
    commands: Array.from({ length: Math.max(1, Math.round(total * 0.0005)) }, (_, j) => name('pcmd', j)),
  }));
  return {
    plugins,
    skills: Array.from({ length: skills }, (_, i) => name('skill', i)),
    commands: Array.from({ length: commands }, (_, i) => name('cmd', i)),
    agents: Array.from({ length: agents }, (_, i) => name('agent', i)),
    skillRefs,
    topics: topics.map((t) => ({
      name: t.name,
      files: Array.from({ length: t.size }, (_, i) => `docs/${t.name}/${r.pick(WORDS)}-${i}.md`),
    })),
  };
}

/** A relative link from `from` to `to` (both root-relative POSIX). */
function rel(from, to) {
  return posix.relative(posix.dirname(from), to) || posix.basename(to);
}

/** Servers `.mcp.json` defines, and servers tools name without any config (virtual `mcp://` nodes). */
const MCP_DEFINED = ['linear', 'github'];
const MCP_UNDEFINED = ['slack', 'sentry'];
const MCP_TOOLS = {
  linear: ['search', 'create_issue'],
  github: ['create_pr', 'get_file'],
  slack: ['post_message'],
  sentry: ['list_issues'],
};

function mcpTools(r, n) {
  const out = new Set();
  for (let i = 0; i < n; i += 1) {
    const server = r.chance(0.7) ? r.pick(MCP_DEFINED) : r.pick(MCP_UNDEFINED);
    out.add(`mcp__${server}__${r.pick(MCP_TOOLS[server])}`);
  }
  return [...out];
}

function body(r, p, self, all) {
  const lines = [`# ${words(r, 3)}`, ''];
  const paragraphs = r.int(2, 5);
  for (let i = 0; i < paragraphs; i += 1) {
    const parts = [sentence(r), sentence(r)];
    const sameTopic = all.byDir.get(posix.dirname(self)) ?? all.docs;
    const other = (list) => {
      const pick = r.pick(list);
      return pick === self ? list[(list.indexOf(pick) + 1) % list.length] : pick;
    };
    if (r.chance(0.6)) parts.push(`See [${words(r, 2)}](${rel(self, other(sameTopic))}).`);
    if (r.chance(0.25)) parts.push(`Background in [${words(r, 2)}](${rel(self, other(all.docs))}).`);
    if (r.chance(0.2)) parts.push(`The file \`${other(all.docs)}\` explains ${words(r, 2)}.`);
    if (r.chance(0.2)) parts.push(`Run \`/${r.pick(p.commands)}\` first.`);
    if (r.chance(0.15)) parts.push(`Ask @${r.pick(p.agents)} to ${words(r, 2)}.`);
    if (r.chance(0.12))
      parts.push(
        `Use the [${words(r, 1)} skill](${rel(self, `.claude/skills/${r.pick(p.skills)}/SKILL.md`)}).`,
      );
    if (r.chance(0.02)) {
      const gone = `docs/archive/${r.pick(WORDS)}-${r.int(0, 999)}.md`;
      parts.push(`Old notes: [${words(r, 1)}](${rel(self, gone)}).`); // broken
      all.planted.add(`${self}\0${gone}`);
    }
    if (p.plugins.length > 0 && r.chance(0.04)) {
      const plugin = r.pick(p.plugins);
      parts.push(`Try \`${plugin.name}:${r.pick(plugin.skills)}\`.`);
    }
    if (r.chance(0.1)) parts.push(`Upstream: https://example.com/${r.pick(WORDS)}/${r.int(1, 500)}.`);
    lines.push(parts.join(' '), '');
    if (r.chance(0.15)) lines.push('```sh', `npm run ${r.pick(WORDS)} -- --${r.pick(WORDS)}`, '```', '');
    // Fenced references: a /command and a link inside a fence (to a file that exists: backtick-path reads paths in
    // code blocks, and a fenced example naming a missing file is reported as broken).
    if (r.chance(0.05)) {
      const to = rel(self, all.docs[r.int(0, all.docs.length - 1)]);
      lines.push('```', `/${r.pick(p.commands)} --dry-run`, `[fenced example](${to})`, '```', '');
    }
  }
  return lines.join('\n');
}

function frontmatter(fields) {
  return [
    '---',
    ...Object.entries(fields).map(([k, v]) => `${k}: ${Array.isArray(v) ? `[${v.join(', ')}]` : v}`),
    '---',
    '',
  ].join('\n');
}

/**
 * Writes a project of about `nodes` Markdown nodes under `root` (plus `.mcp.json`), backdates every mtime by an hour
 * (files in a real checkout are not seconds old), and returns what was written.
 */
export function generateProject(root, nodes, seed = 42) {
  const r = createRandom(seed);
  const p = plan(r, nodes);
  const docs = p.topics.flatMap((t) => t.files);
  const all = { docs, byDir: new Map(p.topics.map((t) => [`docs/${t.name}`, t.files])), planted: new Set() };
  const files = new Map();
  const usesMcp = [];
  p.skills.forEach((name, i) => {
    const path = `.claude/skills/${name}/SKILL.md`;
    const extra = i < p.skillRefs ? `\nDetails in [the reference](reference.md).\n` : '';
    const fm = { name, description: sentence(r) };
    if (r.chance(0.15)) {
      fm['allowed-tools'] = ['Read', 'Bash', ...mcpTools(r, r.int(1, 2))];
      usesMcp.push(path);
    }
    files.set(path, `${frontmatter(fm)}${body(r, p, path, all)}${extra}`);
    if (i < p.skillRefs)
      files.set(
        `.claude/skills/${name}/reference.md`,
        body(r, p, `.claude/skills/${name}/reference.md`, all),
      );
  });
  for (const name of p.commands)
    files.set(
      `.claude/commands/${name}.md`,
      `${frontmatter({ description: sentence(r), 'argument-hint': '[target]' })}${body(r, p, `.claude/commands/${name}.md`, all)}`,
    );
  // Most agents name MCP tools (the common case in real projects), some servers with no config behind them.
  p.agents.forEach((name, i) => {
    const tools = i % 5 === 4 ? ['Read', 'Grep'] : ['Read', 'Grep', ...mcpTools(r, r.int(1, 3))];
    files.set(
      `.claude/agents/${name}.md`,
      `${frontmatter({ name, description: sentence(r), tools })}${body(r, p, `.claude/agents/${name}.md`, all)}`,
    );
  });
  for (const path of docs)
    files.set(
      path,
      r.chance(0.3)
        ? `${frontmatter({ title: words(r, 3), tags: [r.pick(WORDS), r.pick(WORDS)] })}${body(r, p, path, all)}`
        : body(r, p, path, all),
    );
  const pluginFiles = [];
  for (const plugin of p.plugins) {
    const root = `plugins/${plugin.name}`;
    files.set(
      `${root}/.claude-plugin/plugin.json`,
      `${JSON.stringify({ name: plugin.name, description: sentence(r), version: '1.0.0' }, null, 2)}\n`,
    );
    for (const skill of plugin.skills) {
      const path = `${root}/skills/${skill}/SKILL.md`;
      const calls = `Then \`${plugin.name}:${r.pick(plugin.skills)}\`; see ${plugin.name}:${r.pick(plugin.skills)}.`;
      files.set(
        path,
        `${frontmatter({ name: skill, description: sentence(r) })}${body(r, p, path, all)}\n${calls}\n`,
      );
      pluginFiles.push(path);
    }
    for (const command of plugin.commands) {
      const path = `${root}/commands/${command}.md`;
      files.set(
        path,
        `${frontmatter({ description: sentence(r) })}${body(r, p, path, all)}\nRun \`${plugin.name}:${r.pick(plugin.skills)}\`.\n`,
      );
      pluginFiles.push(path);
    }
  }
  // Sidecars next to a few docs and agents: tags, an owner, one deprecated doc, issue suppressions.
  const sidecars = [];
  for (let i = 0; i < Math.max(2, Math.round(nodes * 0.002)); i += 1) {
    const target =
      i % 3 === 0 ? `.claude/agents/${p.agents[i % p.agents.length]}.md` : docs[(i * 131) % docs.length];
    const path = `${target.slice(0, -3)}.sm`;
    if (files.has(path)) continue;
    const stability = i === 1 ? '  stability: deprecated\n' : '';
    // Some carry what `sm issues dismiss` writes (edits of their nodes pass the suppressions again).
    const dismissed =
      i % 4 === 2
        ? `  issueSuppressions:\n    - analyzer: core/tool-unknown\n      value: ${r.pick(WORDS)}\n      note: ours\n`
        : '';
    files.set(
      path,
      `annotations:\n  tags: [${r.pick(WORDS)}]\n  owner: team-${r.pick(WORDS)}\n${stability}${dismissed}`,
    );
    sidecars.push(path);
  }
  const index = p.topics.map((t) => `- [${t.name}](${t.files[0]})`).join('\n');
  files.set(
    'AGENTS.md',
    `# Agents\n\nStart with \`CLAUDE.md\`. Topics:\n\n${index}\n\nAgents: ${p.agents
      .slice(0, 10)
      .map((a) => `@${a}`)
      .join(', ')}.\n`,
  );
  files.set(
    'CLAUDE.md',
    `# Project memory\n\nRead [AGENTS.md](AGENTS.md). Common commands: ${p.commands
      .slice(0, 8)
      .map((c) => `\`/${c}\``)
      .join(', ')}. Agents: ${p.agents
      .slice(0, 5)
      .map((a) => `@${a}`)
      .join(', ')}. Plugin: ${p.plugins[0].name}:${p.plugins[0].skills[0]}. See @docs/${p.topics[0].name}.\n`,
  );
  files.set('README.md', `# Synthetic project\n\nSee [AGENTS.md](AGENTS.md) and [the docs](${docs[0]}).\n`);
  files.set(
    '.mcp.json',
    `${JSON.stringify({ mcpServers: { linear: { command: 'linear-mcp' }, github: { type: 'http', url: 'https://example.com/mcp' } } }, null, 2)}\n`,
  );

  const old = new Date(Date.now() - 3_600_000);
  let bytes = 0;
  for (const [path, text] of files) {
    const abs = join(root, path);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, text);
    utimesSync(abs, old, old);
    bytes += Buffer.byteLength(text);
  }
  return {
    files: files.size,
    markdown: [...files.keys()].filter((f) => f.endsWith('.md')).length,
    bytes,
    docs,
    skills: p.skills.map((s) => `.claude/skills/${s}/SKILL.md`),
    // One-file edit targets per kind (bench:scan's per-kind table); a file with a sidecar is left out of none.
    kinds: {
      agent: p.agents.map((a) => `.claude/agents/${a}.md`),
      skill: p.skills.map((s) => `.claude/skills/${s}/SKILL.md`),
      command: p.commands.map((c) => `.claude/commands/${c}.md`),
      'CLAUDE.md': ['CLAUDE.md'],
      'uses MCP tools': usesMcp,
      'plugin file': pluginFiles,
      doc: docs,
    },
    planted: [...all.planted].map((k) => k.split('\0')),
    sidecars,
    mcpConfig: '.mcp.json',
  };
}
