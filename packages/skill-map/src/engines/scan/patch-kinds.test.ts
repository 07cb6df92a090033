import { appendFileSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempTree } from '../../adapters/testing/temp-tree.js';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { isCandidatePath } from '../../kernel/index.js';
import {
  RICH_CONFIG_EDITS,
  RICH_IDENTITY_CHANGES,
  RICH_PROJECT,
  RICH_RENAMES,
  RICH_SIDECAR_FALLBACKS,
  RICH_SNIPPETS,
  RICH_VIRTUAL_EDITS,
} from '../../kernel/testing/rich-project.js';
import { runScan } from './scan-engine.js';
import { fullScanRows, rowFacts } from './testing/row-facts.js';
import type { ScanOptions, ScanOutcome } from './scan-engine.js';

// The in-place patch of a scan in a new process on a project with MCP configs, tool uses, virtual nodes, a plugin and
// a CLAUDE.md: a one-file edit that keeps the file's identity patches in place, for every node kind and link kind,
// and leaves the database row for row as a full scan of a copy; the edits that do change what others resolve against
// build in full and say why.

let tree: TempTree;
let clock = 0;

beforeEach(() => {
  tree = createTempTree('sm-patch-kinds-');
  tree.write(RICH_PROJECT);
  clock = 0;
  for (const path of Object.keys(RICH_PROJECT)) stamp(path);
});
afterEach(() => tree.remove());

/** Whole-second mtimes, so a copy of the tree carries exactly the same ones. */
function stamp(path: string): void {
  clock += 1;
  utimesSync(tree.abs(path), 1.7e9 + clock, 1.7e9 + clock);
}

// Every mtime trusted: only the edited file is read again (the racy window would re-read all of them).
const scan = (extra: Partial<ScanOptions> = {}): Promise<ScanOutcome> =>
  runScan({ projectRoot: tree.root, summaryOnly: true, racyWindowMs: -60_000, ...extra });

// Every file the walk takes, sidecars too.
const EDITABLE = Object.keys(RICH_PROJECT).filter((p) => isCandidatePath(p));

describe('in-place patch on a project with MCP servers, tool uses, virtual nodes and a plugin', () => {
  it('covers every node kind and link kind of the project', async () => {
    await scan();
    const { nodes, links } = rowFacts(tree.root);
    const kinds = new Set(nodes.map((n) => (JSON.parse(JSON.parse(n)[6]) as { kind: string }).kind));
    // `plugin`: the kit's plugin.json is a node (issue 11). The fixture has no `settings` or `marketplace` file: their
    // nodes carry no links and no names, so they patch as any node-less config (the whole-graph checks' signature).
    expect([...kinds].sort()).toEqual(['agent', 'command', 'markdown', 'mcp', 'plugin', 'skill']);
    const virtual = nodes.map((n) => (JSON.parse(n) as string[])[0]!).filter((p) => p.startsWith('mcp://'));
    expect(virtual).toEqual(['mcp://drive', 'mcp://github', 'mcp://linear', 'mcp://slack']);
    const linkKinds = new Set(links.map((l) => (JSON.parse(l) as unknown[])[2]));
    expect([...linkKinds].sort()).toEqual(['invokes', 'mentions', 'points', 'references']);
    const extractors = new Set(links.map((l) => (JSON.parse(l) as unknown[])[5]));
    for (const e of [
      'core/mcp-tools',
      'core/plugin-skill',
      'core/at-file',
      'core/backtick-path',
      'core/slash-command',
    ])
      expect(extractors.has(e), e).toBe(true);
  });

  it('patches every one-file edit that keeps identity, row for row a full scan of a copy', async () => {
    expect((await scan()).fullBuildReason).toBe('there is no stored scan yet');
    for (let round = 0; round < 2; round++) {
      for (const [n, path] of EDITABLE.entries()) {
        const config = RICH_CONFIG_EDITS[path];
        if (config !== undefined) {
          if (round > 0) continue;
          writeFileSync(tree.abs(path), config);
        } else {
          const snippet = RICH_SNIPPETS[(n + round * 3) % RICH_SNIPPETS.length]!;
          // A sidecar gets a comment: it stays valid YAML (patch-sidecars.test.ts edits what sidecars say).
          appendFileSync(tree.abs(path), path.endsWith('.sm') ? `# edit ${n}\n` : `\n${snippet}\n`);
        }
        stamp(path);
        const out = await scan();
        expect({ path, patched: out.patchedInPlace, reason: out.fullBuildReason }).toEqual({
          path,
          patched: true,
          reason: null,
        });
        expect(out.files.analyzed, path).toBe(1);
        expect(rowFacts(tree.root), `round ${round}: ${path}`).toEqual(await fullScanRows(tree.root));
      }
    }
  });

  it('builds in full, and says why, when an edit changes what other files resolve against', async () => {
    await scan();
    for (const [path, text, reason] of RICH_IDENTITY_CHANGES) {
      writeFileSync(tree.abs(path), text);
      stamp(path);
      const out = await scan();
      expect({ path, patched: out.patchedInPlace, reason: out.fullBuildReason }).toEqual({
        path,
        patched: false,
        reason,
      });
      expect(rowFacts(tree.root), path).toEqual(await fullScanRows(tree.root));
      // The next identity-keeping edit patches again.
      appendFileSync(tree.abs('docs/a.md'), `\nMore after ${path}.\n`);
      stamp('docs/a.md');
      expect((await scan()).patchedInPlace, path).toBe(true);
    }
  });

  it('patches edits that add, re-declare or remove virtual MCP nodes, row for row a full scan of a copy', async () => {
    await scan();
    const virtualPaths = (): string[] =>
      rowFacts(tree.root)
        .nodes.map((n) => (JSON.parse(n) as string[])[0]!)
        .filter((p) => p.startsWith('mcp://'));
    const seen: string[][] = [virtualPaths()];
    for (const [path, text, reason] of RICH_VIRTUAL_EDITS) {
      writeFileSync(tree.abs(path), text);
      stamp(path);
      const out = await scan();
      expect({ path, patched: out.patchedInPlace, reason: out.fullBuildReason }).toEqual({
        path,
        patched: reason === null,
        reason,
      });
      expect(rowFacts(tree.root), path).toEqual(await fullScanRows(tree.root));
      expect(out.summary.stats.nodesCount).toBe(rowFacts(tree.root).nodes.length);
      seen.push(virtualPaths());
    }
    expect(seen).toEqual([
      ['mcp://drive', 'mcp://github', 'mcp://linear', 'mcp://slack'],
      ['mcp://drive', 'mcp://github', 'mcp://linear', 'mcp://notion', 'mcp://slack'],
      ['mcp://drive', 'mcp://github', 'mcp://jira', 'mcp://linear', 'mcp://notion', 'mcp://slack'],
      ['mcp://drive', 'mcp://github', 'mcp://linear', 'mcp://notion', 'mcp://slack'],
      ['mcp://drive', 'mcp://github', 'mcp://linear', 'mcp://slack'],
      ['mcp://box', 'mcp://github', 'mcp://linear', 'mcp://slack'],
    ]);
    // And the stored index is the one a full build writes: the next plain edit patches and still matches.
    appendFileSync(tree.abs('docs/a.md'), '\nAfter the MCP edits.\n');
    stamp('docs/a.md');
    expect((await scan()).patchedInPlace).toBe(true);
    expect(rowFacts(tree.root)).toEqual(await fullScanRows(tree.root));
  });

  it('patches renames: the name index, name issues and the files naming them, row for row a full scan', async () => {
    await scan();
    const collisions: number[] = [];
    const pluginLinks: number[] = [];
    for (const [path, text] of RICH_RENAMES) {
      writeFileSync(tree.abs(path), text);
      stamp(path);
      const out = await scan();
      expect({ path, patched: out.patchedInPlace, reason: out.fullBuildReason }).toEqual({
        path,
        patched: true,
        reason: null,
      });
      const rows = rowFacts(tree.root);
      expect(rows, `${path}: ${text}`).toEqual(await fullScanRows(tree.root));
      collisions.push(rows.issues.filter((i) => i.includes('"name-collision"')).length);
      pluginLinks.push(rows.links.filter((l) => l.includes('"core/plugin-skill"')).length);
    }
    expect(collisions).toEqual([0, 1, 0, 0, 0, 0, 0]);
    expect(pluginLinks[5]).toBe(0);
    expect(pluginLinks[6]).toBeGreaterThan(2);
    expect(rowFacts(tree.root).links.some((l) => l.includes('"@helperbot"'))).toBe(true);
  });

  it('random rewrites (links, tools, MCP servers, names) leave the rows as a full scan of a copy, step by step', async () => {
    await scan();
    // SM_PATCH_SEED=<n> tries another sequence locally.
    let seed = Number(process.env['SM_PATCH_SEED'] ?? 11);
    const pick = (n: number): number => {
      seed = (seed * 1664525 + 1013904223) >>> 0;
      return Math.floor((seed / 2 ** 32) * n);
    };
    const choose = <T>(xs: readonly T[]): T => xs[pick(xs.length)]!;
    const servers = ['linear', 'github', 'slack', 'notion', 'drive'];
    const agents = ['.claude/agents/triager.md', '.claude/agents/poster.md', '.claude/agents/plain.md'];
    const reasons = new Map<string, number>();
    let patched = 0;
    for (let step = 0; step < 30; step++) {
      const op = pick(10);
      let path: string;
      if (op < 6) {
        path = choose(EDITABLE.filter((p) => p.endsWith('.md')));
        const extra = Array.from({ length: 1 + pick(3) }, () => choose(RICH_SNIPPETS)).join('\n');
        appendFileSync(tree.abs(path), `\n${extra}\n`);
      } else if (op < 7) {
        path = '.mcp.json';
        const defined = servers.filter(() => pick(2) === 0);
        const config = Object.fromEntries(defined.map((s) => [s, { command: `${s}-mcp` }]));
        writeFileSync(tree.abs(path), `${JSON.stringify({ mcpServers: config })}\n`);
      } else {
        path = choose(agents);
        const name =
          op < 9 ? choose(['triager', 'poster', 'plain', 'helperbot', 'sorter']) : path.slice(15, -3);
        const tools = servers.filter(() => pick(3) === 0).map((s) => `mcp__${s}__run`);
        const text = `---\nname: ${name}\ntools: [Read, ${tools.join(', ')}]\n---\nStep ${step}: ask @triager, run /deploy.\n`;
        writeFileSync(tree.abs(path), text);
      }
      stamp(path);
      const out = await scan();
      if (out.patchedInPlace) patched++;
      else reasons.set(out.fullBuildReason!, (reasons.get(out.fullBuildReason!) ?? 0) + 1);
      expect(rowFacts(tree.root), `step ${step}: ${path}`).toEqual(await fullScanRows(tree.root));
    }
    if (process.env['SM_PATCH_SEED'] !== undefined) console.log(patched, [...reasons]);
    expect(patched, JSON.stringify([...reasons])).toBeGreaterThan(20);
  });

  it('names the reason of the other fallbacks: a deprecation, files added or removed, settings', async () => {
    await scan();
    for (const [path, text, reason] of RICH_SIDECAR_FALLBACKS) {
      writeFileSync(tree.abs(path), text);
      stamp(path);
      const out = await scan();
      expect({ path, patched: out.patchedInPlace, reason: out.fullBuildReason }).toEqual({
        path,
        patched: false,
        reason,
      });
      expect(rowFacts(tree.root), path).toEqual(await fullScanRows(tree.root));
    }
    const cases: Array<[string, () => void, Partial<ScanOptions>]> = [
      ['files were added', () => writeFileSync(tree.abs('docs/new.md'), 'New [a](a.md).\n'), {}],
      ['files were removed', () => unlinkSync(tree.abs('docs/new.md')), {}],
      ['a full scan was asked for', () => appendFileSync(tree.abs('docs/a.md'), ' more'), { mode: 'full' }],
      [
        'the whole result was asked for',
        () => appendFileSync(tree.abs('docs/a.md'), ' more'),
        { summaryOnly: false },
      ],
      [
        'the settings or the skill-map build changed since the last scan',
        () => writeFileSync(tree.abs('.skill-map/settings.json'), '{"scan":{"strict":true}}'),
        {},
      ],
      ['files were added', () => writeFileSync(tree.abs('docs/a.sm'), 'annotations:\n  tags: [x]\n'), {}],
    ];
    for (const [reason, change, extra] of cases) {
      change();
      const out = await scan(extra);
      expect(out.patchedInPlace, reason).toBe(false);
      expect(out.fullBuildReason).toBe(reason);
    }
  });
});
