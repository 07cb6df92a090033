// The kernel over a synthetic 10,000-node Claude project: what a full build, a rebuild from cached records and a
// one-file rescan produce at that size. The times (best of N runs) are printed for a reader; they are not
// asserted, since a unit test has no wall-clock limit (the speed targets live in `npm run bench:scan`).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { analyzeFile } from './analyze-file.js';
import { buildGraph } from './build-graph.js';
import { buildGraphIncremental } from './graph/incremental.js';
import { createFileContext } from './context.js';
import { detectLens } from './lens.js';
import type { FileRecord, SourceFile } from './types.js';

const N = 10_000;
const hash = (t: string): string => createHash('sha256').update(t, 'utf8').digest('hex');

function pathOf(i: number): string {
  const b = i % 4;
  if (b === 0) return `.claude/skills/skill-${i}/SKILL.md`;
  if (b === 1) return `.claude/agents/agent-${i}.md`;
  if (b === 2) return `.claude/commands/group-${i % 50}/cmd-${i}.md`;
  return `docs/area-${i % 100}/doc-${i}.md`;
}
const nameOf = (i: number): string => ['skill', 'agent', 'cmd', 'doc'][i % 4]! + `-${i}`;
const of = (i: number, bucket: number): number => (i - (i % 4) + bucket) % N;

/** A deterministic ~2.5 KiB file with frontmatter, a link, a slash command, a mention, paths, URLs and code. */
function synthetic(i: number): SourceFile {
  const text = [
    '---',
    `name: ${nameOf(i)}`,
    `description: Synthetic node ${i} used for benchmarks`,
    // Agents list `tools`; skills and commands pre-approve theirs with `allowed-tools` (host-field-unknown otherwise).
    `${i % 4 === 1 ? 'tools' : 'allowed-tools'}: [Read, Grep${i % 50 === 0 ? ', mcp__github__search' : ''}]`,
    '---',
    `# Node ${i}`,
    '',
    `See [the related doc](/${pathOf((i * 7 + 1) % N)}) and run /${nameOf(of(i * 13 + 5, 2))} first.`,
    `Ask @${nameOf(of(i * 31 + 11, 1))} to review, and read \`${pathOf((i * 13 + 5) % N)}\` for details.`,
    `External: https://example.com/page/${i} and https://docs.example.org/x.`,
    '',
    '```bash',
    `npm run build -- --project ${i}`,
    `cat ${pathOf((i * 31 + 11) % N)}`,
    '```',
    '',
    ...Array.from(
      { length: 20 },
      (_, k) => `Paragraph ${k} of node ${i}: lorem ipsum dolor sit amet, \`inline ${k}\`, consectetur.`,
    ),
    i % 97 === 0 ? 'A broken link to [nowhere](missing/file.md) and /no-such-command.' : '',
  ].join('\n');
  return { path: pathOf(i), text, bytes: Buffer.byteLength(text), modifiedAtMs: 0 };
}

function best(runs: number, fn: () => void): number {
  let min = Infinity;
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    fn();
    min = Math.min(min, performance.now() - t);
  }
  return min;
}

describe('kernel performance (10k synthetic nodes)', () => {
  const files = Array.from({ length: N }, (_, i) => synthetic(i)).sort((a, b) => (a.path < b.path ? -1 : 1));
  const paths = files.map((f) => f.path);
  const lens = detectLens(paths, {});
  const ctx = createFileContext(lens, {}, { hash });
  const existingPaths = new Set(paths);
  let records: FileRecord[] = [];

  it('analyzeFile over 10k files: one compact record each', () => {
    const ms = best(2, () => {
      records = files.map((f) => analyzeFile(f, ctx));
    });
    console.log(`analyzeFile x${N}: ${ms.toFixed(0)} ms (${((ms * 1000) / N).toFixed(1)} µs/file)`);
    expect(records).toHaveLength(N);
    const bytes = records.reduce((sum, r) => sum + JSON.stringify(r).length, 0) / N;
    console.log(`FileRecord JSON: ${bytes.toFixed(0)} bytes per record`);
    expect(bytes).toBeLessThan(1024);
  });

  it('buildGraph over 10k cached (JSON round-tripped) records', () => {
    const cached = JSON.parse(JSON.stringify(records)) as FileRecord[];
    let result = buildGraph(cached, { lens, settings: {}, existingPaths });
    const ms = best(9, () => {
      result = buildGraph(cached, { lens, settings: {}, existingPaths });
    });
    console.log(
      `buildGraph x${N}: ${ms.toFixed(1)} ms, ${result.stats.linksCount} links, ${result.stats.issuesCount} issues`,
    );
    expect(result.stats).toMatchObject({ nodesCount: N + 1, linksCount: 35_408 });
    expect(result.issues.filter((i) => i.analyzerId === 'reference-broken')).toHaveLength(208);
  });

  it('a one-file rescan (analyze the changed file + buildGraph) adds its new link', () => {
    const cached = JSON.parse(JSON.stringify(records)) as FileRecord[];
    const index = cached.findIndex((r) => r.path === pathOf(4242));
    const changed = {
      ...files[index]!,
      text: `${files[index]!.text}\nNow also see [x](/docs/area-1/doc-3.md).`,
    };
    let result = buildGraph(cached, { lens, settings: {}, existingPaths });
    const ms = best(5, () => {
      cached[index] = analyzeFile(changed, ctx);
      result = buildGraph(cached, { lens, settings: {}, existingPaths });
    });
    console.log(`one-file rescan over ${N}: ${ms.toFixed(1)} ms`);
    expect(result.stats.linksCount).toBe(35_409);
    expect(result.links.some((l) => l.source === pathOf(4242) && l.target === 'docs/area-1/doc-3.md')).toBe(
      true,
    );
  });

  it('an incremental one-file rescan (analyze + buildGraphIncremental) patches and equals a full build', () => {
    const cached = JSON.parse(JSON.stringify(records)) as FileRecord[];
    const ctx2 = { lens, settings: {}, existingPaths };
    let state = buildGraphIncremental(cached, ctx2).state;
    const index = cached.findIndex((r) => r.path === pathOf(4242));
    let round = 0;
    let last = buildGraphIncremental(cached, ctx2, state);
    const ms = best(5, () => {
      const text = `${files[index]!.text}\nNow also see [x](/docs/area-1/doc-${3 + 4 * round++}.md).`;
      cached[index] = analyzeFile({ ...files[index]!, text, bytes: Buffer.byteLength(text) }, ctx);
      last = buildGraphIncremental(cached, ctx2, state);
      state = last.state;
    });
    console.log(`incremental one-file rescan over ${N}: ${ms.toFixed(1)} ms (${last.mode})`);
    expect(last.mode).toBe('patch');
    expect(JSON.stringify(last.result) === JSON.stringify(buildGraph(cached, ctx2))).toBe(true);
  });
});
