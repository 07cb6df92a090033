// Synthetic skill-map projects shaped like real harness repos: Claude skills as folders, commands and agents as
// files, many docs in topic folders of 30-100 files, AGENTS.md/CLAUDE.md, frontmatter, and cross-links of every
// kind the extractors know (markdown links, backtick paths, /command, @agent, mcp tools), a few of them broken.
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
  let docs = total - skills - commands - agents - skillRefs - rootDocs;
  const topics = [];
  for (let t = 0; docs > 0; t += 1) {
    const size = Math.min(docs, r.int(30, 100));
    const base = TOPICS[t % TOPICS.length];
    topics.push({ name: t < TOPICS.length ? base : `${base}-${Math.floor(t / TOPICS.length)}`, size });
    docs -= size;
  }
  const name = (prefix, i) => `${prefix}-${r.pick(WORDS)}-${i}`;
  return {
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
    if (r.chance(0.02))
      parts.push(
        `Old notes: [${words(r, 1)}](${rel(self, `docs/archive/${r.pick(WORDS)}-${r.int(0, 999)}.md`)}).`,
      ); // broken
    if (r.chance(0.1)) parts.push(`Upstream: https://example.com/${r.pick(WORDS)}/${r.int(1, 500)}.`);
    lines.push(parts.join(' '), '');
    if (r.chance(0.15)) lines.push('```sh', `npm run ${r.pick(WORDS)} -- --${r.pick(WORDS)}`, '```', '');
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
  const all = { docs, byDir: new Map(p.topics.map((t) => [`docs/${t.name}`, t.files])) };
  const files = new Map();
  p.skills.forEach((name, i) => {
    const path = `.claude/skills/${name}/SKILL.md`;
    const extra = i < p.skillRefs ? `\nDetails in [the reference](reference.md).\n` : '';
    files.set(path, `${frontmatter({ name, description: sentence(r) })}${body(r, p, path, all)}${extra}`);
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
  p.agents.forEach((name, i) => {
    const tools = i % 4 === 0 ? ['Read', 'Grep', 'mcp__github__create_issue'] : ['Read', 'Grep'];
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
      .join(', ')}.\n`,
  );
  files.set('README.md', `# Synthetic project\n\nSee [AGENTS.md](AGENTS.md) and [the docs](${docs[0]}).\n`);
  files.set(
    '.mcp.json',
    `${JSON.stringify({ mcpServers: { github: { type: 'http', url: 'https://example.com/mcp' }, search: { command: 'search-mcp' } } }, null, 2)}\n`,
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
  };
}
