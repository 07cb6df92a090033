import { createHash } from 'node:crypto';
import type { ScanResult } from '@skill-map/spec';
import { describe, expect, it } from 'vitest';
import { analyzeFile, isCandidatePath } from '../analyze-file.js';
import { buildGraph } from '../build-graph.js';
import { createFileContext } from '../context.js';
import { detectLens } from '../lens.js';
import type { FileRecord, GraphContext } from '../types.js';
import { buildGraphIncremental, type GraphState } from './incremental.js';
import { HARNESS_PROJECT } from '../testing/harness-project.js';
import { RICH_CONFIG_EDITS, RICH_PROJECT, RICH_SNIPPETS } from '../testing/rich-project.js';

const sha = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

function rng(seed: number): {
  next: () => number;
  int: (n: number) => number;
  pick: <T>(xs: readonly T[]) => T;
} {
  let s = seed >>> 0;
  const next = (): number => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  return { next, int: (n) => Math.floor(next() * n), pick: (xs) => xs[Math.floor(next() * xs.length)]! };
}

/** The shared harness without its built-in-named command, with two sidecars after review.md (same order as ever). */
const SIDECARS: Record<string, string> = {
  '.claude/commands/deploy.sm': 'annotations:\n  stability: deprecated\n',
  '.claude/agents/helper.sm':
    'annotations:\n  issueSuppressions:\n    - analyzer: core/reference-broken\n      value: /missing-cmd\n',
};
const BASE: Record<string, string> = Object.fromEntries(
  Object.entries(HARNESS_PROJECT).flatMap(([path, text]): Array<[string, string]> => {
    if (path === '.claude/commands/help.md') return [];
    return path === '.claude/commands/review.md'
      ? [[path, text], ...Object.entries(SIDECARS)]
      : [[path, text]];
  }),
);
const DOCS = Object.keys(BASE).filter((p) => p.endsWith('.md'));
const SNIPPETS = [
  (r: ReturnType<typeof rng>) =>
    ` [x](${r.pick(['a.md', 'b.md', 'c.md', 'guide.md', 'nope.md', '../docs/a.md'])})`,
  (r: ReturnType<typeof rng>) => ` run /${r.pick(['deploy', 'review', 'help', 'nothing', 'pdf'])}`,
  (r: ReturnType<typeof rng>) => ` ask @${r.pick(['reviewer', 'helper', 'nobody', 'agent-helper'])}`,
  (r: ReturnType<typeof rng>) =>
    ` see \`${r.pick(['docs/a.md', 'docs/c.md', 'x/y.md', 'guide.md', 'a.md'])}\``,
  (r: ReturnType<typeof rng>) =>
    ` ${r.pick(['https://x.io/a', '`/review`', '```\n/deploy now\n```', '<b>hi</b>'])}`,
  // Inline suppressions: next-line (some used, some not), ranges opened and closed, malformed ones.
  (r: ReturnType<typeof rng>) =>
    `\n<!-- ${r.pick([
      'sm-disable-next-line reference-broken -- r',
      'sm-disable-next-line * -- all',
      'sm-disable-next-line name-reserved, link-self-loop -- r',
      'sm-disable reference-broken',
      'sm-enable',
      'sm-disable-next-line reference-brokn -- typo',
    ])} -->\n${r.pick(['[x](nope.md)', 'run /help', 'plain', '[me](a.md)'])}`,
];

// SM_INCREMENTAL_SEEDS=500 widens the search locally (each seed: 80 random edits).
const SEEDS = Array.from({ length: Number(process.env['SM_INCREMENTAL_SEEDS'] ?? 12) }, (_, i) => i + 1);

describe('buildGraphIncremental (random edits)', () => {
  for (const seed of SEEDS) {
    it(`equals a full buildGraph after every random edit (seed ${seed})`, () => {
      const r = rng(seed);
      const files = new Map(Object.entries(BASE));
      const recordOf = new Map<string, FileRecord>();
      const settings = {};
      const lens = detectLens([...files.keys()], settings);
      const fileCtx = createFileContext(lens, settings, { hash: sha });
      const analyze = (path: string): FileRecord => {
        const text = files.get(path)!;
        return analyzeFile({ path, text, bytes: Buffer.byteLength(text), modifiedAtMs: 1 }, fileCtx);
      };
      for (const path of files.keys()) recordOf.set(path, analyze(path));
      let state: GraphState | null = null;
      const records: FileRecord[] = [];
      let previous: { result: ScanResult; json: string } | null = null;
      const modes = { patch: 0, full: 0 };
      for (let step = 0; step < 80; step++) {
        const kind = r.next();
        const docs = [...files.keys()].filter((p) => p.endsWith('.md'));
        if (kind < 0.05) {
          // No change at all (a rescan that found nothing new).
        } else if (kind < 0.75) {
          // A body edit (the common case): append or cut a snippet, sometimes in one file, sometimes in two.
          for (let k = 0; k < (r.next() < 0.8 ? 1 : 2); k++) {
            const path = r.pick(docs);
            const text = files.get(path)!;
            files.set(
              path,
              r.next() < 0.7
                ? `${text}${r.pick(SNIPPETS)(r)}\n`
                : text.slice(0, Math.max(0, text.length - 1 - r.int(20))),
            );
            recordOf.set(path, analyze(path));
          }
        } else if (kind < 0.82) {
          const path = `docs/new-${step}.md`;
          files.set(path, `New [a](a.md)${r.pick(SNIPPETS)(r)}\n`);
          recordOf.set(path, analyze(path));
        } else if (kind < 0.87 && docs.length > 8) {
          const path = r.pick(DOCS.filter((p) => files.has(p) && !p.startsWith('.claude/skills/pdf/SKILL')));
          files.delete(path);
          recordOf.delete(path);
        } else if (kind < 0.92) {
          const agents = ['.claude/agents/helper.md', '.claude/agents/reviewer.md'].filter((p) =>
            files.has(p),
          );
          if (agents.length === 0) continue;
          const path = r.pick(agents);
          files.set(
            path,
            files.get(path)!.replace(/name: \w+/, `name: ${r.pick(['helper', 'reviewer', 'other'])}`),
          );
          recordOf.set(path, analyze(path));
        } else {
          const path = '.claude/commands/review.sm';
          files.set(
            path,
            r.next() < 0.5 ? 'annotations:\n  stability: deprecated\n' : 'annotations:\n  tags: [x]\n',
          );
          recordOf.set(path, analyze(path));
        }
        // The same array object every step (overwritten in place), as a caller may keep one.
        records.length = 0;
        records.push(...[...recordOf.values()].sort((a, b) => (a.path < b.path ? -1 : 1)));
        const ctx: GraphContext = {
          lens,
          settings,
          existingPaths: new Set([...files.keys(), 'scripts/run.sh']),
        };
        const out = buildGraphIncremental(records, ctx, state);
        modes[out.mode]++;
        expect(JSON.stringify(out.result)).toBe(JSON.stringify(buildGraph(records, ctx)));
        if (previous !== null) expect(JSON.stringify(previous.result)).toBe(previous.json);
        previous = { result: out.result, json: JSON.stringify(out.result) };
        state = out.state;
      }
      expect(modes.patch).toBeGreaterThan(20);
      expect(modes.full).toBeGreaterThan(3);
    });
  }
});

describe('buildGraphIncremental on a project with MCP servers, tool uses, virtual nodes, a plugin and sidecars', () => {
  it('patches every identity-keeping one-file edit and equals a full buildGraph after each', () => {
    const files = new Map(Object.entries(RICH_PROJECT));
    const settings = {};
    const lens = detectLens([...files.keys()], settings);
    const fileCtx = createFileContext(lens, settings, { hash: sha });
    const analyze = (path: string): FileRecord => {
      const text = files.get(path)!;
      return analyzeFile({ path, text, bytes: Buffer.byteLength(text), modifiedAtMs: 1 }, fileCtx);
    };
    const recordOf = new Map([...files.keys()].filter(isCandidatePath).map((p) => [p, analyze(p)]));
    const ctx: GraphContext = { lens, settings, existingPaths: new Set(files.keys()) };
    const records = (): FileRecord[] => [...recordOf.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
    let state = buildGraphIncremental(records(), ctx, null).state;
    const reasons: string[] = [];
    let patched = 0;
    for (const [n, path] of [...recordOf.keys()].entries()) {
      const config = RICH_CONFIG_EDITS[path];
      files.set(path, config ?? `${files.get(path)!}\n${RICH_SNIPPETS[n % RICH_SNIPPETS.length]!}\n`);
      recordOf.set(path, analyze(path));
      const out = buildGraphIncremental(records(), ctx, state);
      expect(JSON.stringify(out.result), path).toBe(JSON.stringify(buildGraph(records(), ctx)));
      if (out.mode === 'patch') patched++;
      else reasons.push(out.reason!);
      state = out.state;
    }
    expect(reasons.sort()).toEqual([
      "'.claude/commands/review.md' has sidecar issue suppressions",
      "the sidecar '.claude/agents/triager.sm' changed",
      "the sidecar '.claude/commands/review.sm' changed",
      "the sidecar 'plugins/kit/skills/write/notes.sm' changed",
    ]);
    expect(patched).toBe(recordOf.size - 4);
  });
});

describe('buildGraphIncremental with inline suppressions', () => {
  const DOC = (extra: string): string => `# A\n${extra}\nSee [x](missing.md).\n\nSee [y](gone.md).\n`;
  const EDITS: ReadonlyArray<readonly [string, string]> = [
    // Adding a directive to a graph with none, changing its rule, its line, its form, removing it.
    ['docs/a.md', DOC('<!-- sm-disable-next-line reference-broken -- later -->')],
    ['docs/a.md', DOC('<!-- sm-disable-next-line link-self-loop -- wrong rule -->')],
    [
      'docs/a.md',
      `# A\n\nSee [x](missing.md).\n<!-- sm-disable-next-line reference-broken -- y -->\nSee [y](gone.md).\n`,
    ],
    ['docs/a.md', DOC('<!-- sm-disable reference-broken -->')],
    ['docs/a.md', DOC('<!-- sm-disable-next-line reference-brokn -- typo -->')],
    // Another file's edit while docs/a.md holds directives: its issues must still meet them.
    ['docs/b.md', '# B\nSee [a](a.md) and [z](nowhere.md).\n'],
    ['docs/a.md', DOC('')],
    ['docs/b.md', '# B\nSee [a](a.md).\n'],
  ];

  it('patches each edit of a file with directives or of another file, and equals a full buildGraph after each', () => {
    const files = new Map<string, string>([
      ['docs/a.md', DOC('')],
      ['docs/b.md', '# B\nSee [a](a.md).\n'],
      ['docs/c.md', '# C\n<!-- sm-disable-next-line reference-broken -- kept -->\nSee [q](q.md).\n'],
    ]);
    const settings = {};
    const lens = detectLens([...files.keys()], settings);
    const fileCtx = createFileContext(lens, settings, { hash: sha });
    const analyze = (path: string): FileRecord => {
      const text = files.get(path)!;
      return analyzeFile({ path, text, bytes: Buffer.byteLength(text), modifiedAtMs: 1 }, fileCtx);
    };
    const recordOf = new Map([...files.keys()].map((p) => [p, analyze(p)]));
    const ctx: GraphContext = { lens, settings, existingPaths: new Set(files.keys()) };
    const records = (): FileRecord[] => [...recordOf.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
    let state = buildGraphIncremental(records(), ctx, null).state;
    const seen = new Set<string>();
    const modes: string[] = [];
    for (const [path, text] of EDITS) {
      files.set(path, text);
      recordOf.set(path, analyze(path));
      const out = buildGraphIncremental(records(), ctx, state);
      const full = buildGraph(records(), ctx);
      expect(JSON.stringify(out.result), `${path}: ${text}`).toBe(JSON.stringify(full));
      modes.push(out.mode);
      for (const i of full.issues) seen.add(i.analyzerId);
      state = out.state;
    }
    // The edits went through every outcome: suppressed, unused, invalid, and plain issues.
    expect([...seen].sort()).toEqual(['reference-broken', 'suppression-invalid', 'suppression-unused']);
    // Directives are part of the records: every one of these edits is patched, none builds in full.
    expect(modes).toEqual(EDITS.map(() => 'patch'));
  });

  it('still patches a graph without directives', () => {
    const files = new Map<string, string>([
      ['docs/a.md', '# A\nSee [b](b.md).\n'],
      ['docs/b.md', '# B\n'],
    ]);
    const lens = detectLens([...files.keys()], {});
    const fileCtx = createFileContext(lens, {}, { hash: sha });
    const analyze = (path: string, text: string): FileRecord =>
      analyzeFile({ path, text, bytes: Buffer.byteLength(text), modifiedAtMs: 1 }, fileCtx);
    const ctx: GraphContext = { lens, settings: {}, existingPaths: new Set(files.keys()) };
    const first = buildGraphIncremental(
      [...files].map(([p, t]) => analyze(p, t)),
      ctx,
      null,
    );
    const next = [analyze('docs/a.md', '# A\nSee [b](b.md) and [c](c.md).\n'), analyze('docs/b.md', '# B\n')];
    const out = buildGraphIncremental(next, ctx, first.state);
    expect(out.mode).toBe('patch');
    expect(JSON.stringify(out.result)).toBe(JSON.stringify(buildGraph(next, ctx)));
  });
});
