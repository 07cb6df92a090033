import {
  copyFileSync,
  existsSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultDbPath } from '../../adapters/sqlite/open-database.js';
import { createTempTree } from '../../adapters/testing/temp-tree.js';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { runScan } from './scan-engine.js';
import type { ScanOptions } from './scan-engine.js';
import { createScanWarmState } from './warm-state.js';

// Row fingerprints let a persist in a new process skip rows whose inputs did not change. These tests
// drive random edits through the engine and check that the cheap diff writes exactly what a full
// comparison writes (counts and rows) and that the database always equals a fresh full scan.

let tree: TempTree;
beforeEach(() => {
  tree = createTempTree('sm-fp-');
});
afterEach(() => tree.remove());

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface Doc {
  path: string;
  name: string;
}

function body(r: () => number, self: Doc, all: Doc[], skills: string[]): string {
  const pick = <T>(xs: T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const lines = [`# ${self.name}`, ''];
  for (let k = 0; k < 1 + Math.floor(r() * 4); k += 1) {
    const t = pick(all);
    const depth = self.path.split('/').length - 1;
    const rel = `${'../'.repeat(depth)}${r() < 0.15 ? t.path.replace(/\.md$/, '-gone.md') : t.path}`;
    lines.push(`See [${t.name}](${rel}).`);
  }
  if (r() < 0.6 && skills.length > 0)
    lines.push(`Then run /${pick(skills)} and ask @agent-${pick(['rev', 'ops', 'nobody'])}.`);
  if (r() < 0.2) lines.push('```', 'run /not-a-command here', '```');
  lines.push('', `Body ${Math.floor(r() * 1000)}.`);
  return lines.join('\n');
}

function project(r: () => number): Map<string, string> {
  const files = new Map<string, string>();
  const docs: Doc[] = [];
  const skills: string[] = [];
  for (let i = 0; i < 8; i += 1) {
    skills.push(`sk${i}`);
    docs.push({ path: `.claude/skills/s${i}/SKILL.md`, name: `sk${i}` });
  }
  docs.push({ path: '.claude/agents/rev.md', name: 'rev' }, { path: '.claude/agents/ops.md', name: 'ops' });
  for (let i = 0; i < 14; i += 1) docs.push({ path: `docs/d${i % 3}/n${i}.md`, name: `n${i}` });
  for (const d of docs) {
    const fm =
      d.path.includes('/skills/') || d.path.includes('/agents/')
        ? `---\nname: ${d.name}\ndescription: About ${d.name}\n---\n`
        : '';
    files.set(d.path, fm + body(r, d, docs, skills));
  }
  files.set('.claude/skills/s1/SKILL.sm', 'annotations:\n  stability: stable\n');
  return files;
}

type Edit = (r: () => number) => string;

function edits(): Edit[] {
  const paths = (): string[] => [...listed()];
  const listed = (): Set<string> => {
    const out = new Set<string>();
    const walk = (rel: string): void => {
      for (const e of readdirSync(tree.abs(rel), { withFileTypes: true })) {
        if (e.name === '.skill-map') continue;
        const p = rel === '' ? e.name : `${rel}/${e.name}`;
        if (e.isDirectory()) walk(p);
        else out.add(p);
      }
    };
    walk('');
    return out;
  };
  const mdPaths = (): string[] => paths().filter((p) => p.endsWith('.md'));
  const pick = (r: () => number, xs: string[]): string => xs[Math.floor(r() * xs.length)] as string;
  return [
    (r) => {
      const p = pick(r, mdPaths());
      writeFileSync(
        tree.abs(p),
        `${readFileSync(tree.abs(p), 'utf8')}\nMore text ${Math.floor(r() * 1e6)} and [x](${pick(r, mdPaths())}).\n`,
      );
      return `content ${p}`;
    },
    (r) => {
      const n = Math.floor(r() * 1e6);
      tree.write({ [`docs/new/n${n}.md`]: `# New ${n}\nSee [a](../d0/n0.md) and /sk${n % 9}.\n` });
      return `add docs/new/n${n}.md`;
    },
    (r) => {
      const p = pick(r, mdPaths());
      unlinkSync(tree.abs(p));
      return `delete ${p}`;
    },
    (r) => {
      const p = pick(
        r,
        mdPaths().filter((x) => x.startsWith('docs/')),
      );
      if (p === undefined) return 'noop';
      const to = p.replace(/\.md$/, `-r${Math.floor(r() * 100)}.md`);
      renameSync(tree.abs(p), tree.abs(to));
      return `rename ${p} → ${to}`;
    },
    (r) => {
      // A frontmatter name change moves trigger resolution elsewhere (/skN, @agent-x).
      const p = pick(
        r,
        mdPaths().filter((x) => x.includes('/skills/') || x.includes('/agents/')),
      );
      if (p === undefined) return 'noop';
      const text = readFileSync(tree.abs(p), 'utf8');
      const name = pick(r, ['sk1', 'sk2', 'rev', 'ops', 'fresh', 'nobody', 'sk9']);
      writeFileSync(tree.abs(p), text.replace(/^name: .*$/m, `name: ${name}`));
      return `rename-fm ${p} → ${name}`;
    },
    (r) => {
      const p = pick(r, mdPaths());
      const sm = p.replace(/\.md$/, '.sm');
      if (existsSync(tree.abs(sm))) unlinkSync(tree.abs(sm));
      else tree.write({ [sm]: `annotations:\n  stability: ${pick(r, ['stable', 'experimental'])}\n` });
      return `sidecar ${sm}`;
    },
  ];
}

type Rows = Record<string, unknown[]>;

/** Every scan row minus what legitimately differs between databases (row ids, fingerprints, scan times). */
function dump(dbPath: string): Rows {
  const db = new Database(dbPath, { readonly: true });
  const strip = (rows: Array<Record<string, unknown>>, drop: string[]): unknown[] =>
    rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !drop.includes(k))));
  // Link ids differ between databases with different histories: issues name their links by identity here.
  const identity = new Map<number, string>();
  for (const [id, ...cols] of db
    .prepare(`SELECT id, source_path, target_path, kind, normalized_trigger FROM scan_links`)
    .raw()
    .all() as unknown[][]) {
    identity.set(id as number, cols.join('\0'));
  }
  const issues = (
    db.prepare(`SELECT * FROM scan_issues ORDER BY issue_key`).all() as Array<Record<string, unknown>>
  ).map((r) => ({
    ...r,
    link_ids_json:
      r['link_ids_json'] === null
        ? null
        : (JSON.parse(r['link_ids_json'] as string) as number[]).map((id) => identity.get(id) ?? id),
  }));
  const out: Rows = {
    nodes: strip(
      db.prepare(`SELECT * FROM scan_nodes ORDER BY path`).all() as Array<Record<string, unknown>>,
      ['record_id', 'links_digest'],
    ),
    links: strip(
      db
        .prepare(
          `SELECT * FROM scan_links ORDER BY source_path, target_path, kind, normalized_trigger, location_offset`,
        )
        .all() as Array<Record<string, unknown>>,
      ['id'],
    ),
    issues: strip(issues, ['id', 'row_hash']),
    members: db
      .prepare(
        `SELECT i.issue_key, m.node_path FROM scan_issue_nodes m JOIN scan_issues i ON i.id = m.issue_id ORDER BY 1, 2`,
      )
      .raw()
      .all(),
  };
  db.close();
  return out;
}

function copyDb(from: string, to: string): void {
  for (const suffix of ['', '-wal', '-shm']) {
    rmSync(`${to}${suffix}`, { force: true });
    if (existsSync(`${from}${suffix}`)) copyFileSync(`${from}${suffix}`, `${to}${suffix}`);
  }
}

describe('row fingerprints: the cheap cold diff equals a full comparison', () => {
  for (const seed of [1, 7, 42]) {
    it(`random edits, seed ${seed}`, async () => {
      const r = rng(seed);
      const files = project(r);
      tree.write(Object.fromEntries(files));
      const db = defaultDbPath(tree.root);
      const full = `${tree.root}/full.db`;
      const fresh = `${tree.root}/fresh.db`;
      const warmDb = `${tree.root}/warm.db`;
      const base: Partial<ScanOptions> = { projectRoot: tree.root, racyWindowMs: -60_000 };
      await runScan({ ...base, projectRoot: tree.root });
      copyDb(db, full);
      copyDb(db, warmDb);
      const warm = createScanWarmState(warmDb);
      await runScan({ ...base, projectRoot: tree.root, warm });
      const kinds = edits();
      for (let step = 0; step < 14; step += 1) {
        const what: string[] = [];
        for (let k = 0; k < 1 + Math.floor(r() * 3); k += 1)
          what.push((kinds[Math.floor(r() * kinds.length)] as Edit)(r));
        const cheap = await runScan({ ...base, projectRoot: tree.root, mode: 'changed' });
        const reference = await runScan({
          ...base,
          projectRoot: tree.root,
          dbPath: full,
          rowFingerprints: false,
        });
        const inMemory = await runScan({ ...base, projectRoot: tree.root, warm });
        rmSync(fresh, { force: true });
        await runScan({ ...base, projectRoot: tree.root, dbPath: fresh, mode: 'full' });
        const label = `step ${step}: ${what.join('; ')}`;
        expect(cheap.persisted, label).toEqual(reference.persisted);
        expect(inMemory.persisted, label).toEqual(reference.persisted);
        const expected = dump(fresh);
        expect(dump(db), label).toEqual(expected);
        expect(dump(full), label).toEqual(expected);
        expect(dump(warmDb), label).toEqual(expected);
        // A no-change rescan writes nothing on either path.
        const again = await runScan({ ...base, projectRoot: tree.root });
        expect(again.persisted, label).toEqual({
          nodes: { inserted: 0, updated: 0, deleted: 0 },
          links: { inserted: 0, updated: 0, deleted: 0 },
          issues: { inserted: 0, updated: 0, deleted: 0 },
          renames: [],
        });
      }
    });
  }
});

describe('graph digest: a no-change rescan from the cache skips the node and link diff', () => {
  const graphDigest = (path: string): unknown => {
    const db = new Database(path, { readonly: true });
    const v = db.prepare(`SELECT graph_digest FROM scan_meta WHERE id = 1`).pluck().get();
    db.close();
    return v;
  };

  it('is stored by scans whose records come from the cache, cleared by an out-of-scan node write, and never hides a change', async () => {
    tree.write(Object.fromEntries(project(rng(5))));
    const db = defaultDbPath(tree.root);
    const base: Partial<ScanOptions> = { projectRoot: tree.root, racyWindowMs: -60_000 };
    await runScan({ ...base, projectRoot: tree.root });
    const digest = graphDigest(db);
    expect(typeof digest).toBe('string');
    // No change: same digest, nothing written, the database still equals a fresh full scan.
    const again = await runScan({ ...base, projectRoot: tree.root });
    expect(again.persisted?.nodes).toEqual({ inserted: 0, updated: 0, deleted: 0 });
    expect(graphDigest(db)).toBe(digest);
    const fresh = `${tree.root}/fresh.db`;
    await runScan({ ...base, projectRoot: tree.root, dbPath: fresh, mode: 'full' });
    expect(dump(db)).toEqual(dump(fresh));
    // State for a path no node has: the orphan issue still appears (issues are always diffed).
    const raw = new Database(db);
    raw.prepare(`INSERT INTO state_node_favorites (node_path, created_at) VALUES ('gone.md', 1)`).run();
    raw.close();
    const orphan = await runScan({ ...base, projectRoot: tree.root });
    expect(orphan.result.issues.some((i) => i.analyzerId === 'orphan' && i.nodeIds[0] === 'gone.md')).toBe(
      true,
    );
    expect(orphan.persisted?.issues.inserted).toBe(1);
    // A node row written outside a scan clears the digest; the next scan compares in full and restores the row.
    const { openScanStore } = await import('../../adapters/sqlite/store.js');
    const store = openScanStore({ path: db, posture: 'write' });
    expect(store.refreshAnnotationsMirror('docs/d0/n0.md', { stability: 'deprecated' })).toBe(true);
    store.close();
    expect(graphDigest(db)).toBeNull();
    const restored = await runScan({ ...base, projectRoot: tree.root });
    expect(restored.persisted?.nodes.updated).toBe(1);
    expect(typeof graphDigest(db)).toBe('string');
    // A new non-candidate file changes the walked paths (broken-link checks read them): no shortcut.
    tree.write({ 'docs/d0/image.png': 'png' });
    const walked = await runScan({ ...base, projectRoot: tree.root });
    expect(graphDigest(db)).not.toBe(digest);
    expect(walked.persisted).not.toBeNull();
  });
});
