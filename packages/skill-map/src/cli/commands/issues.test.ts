import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { runCli } from '../testing/run-cli.js';
import { execSql, tempProject } from '../testing/projects.js';

// docs/notes.md links missing.md: one `reference-broken` issue whose data.target is 'docs/missing.md'.
const NODE = 'docs/notes.md';
const SIDECAR = 'docs/notes.sm';
const TARGET = 'docs/missing.md';

let tree: TempTree;
beforeEach(async () => {
  tree = tempProject();
  expect((await sm('scan')).code).toBe(1);
});
afterEach(() => tree.remove());

const sm = (...argv: string[]) => runCli(argv, { cwd: tree.root });
const dbPath = (): string => join(tree.root, '.skill-map', 'skill-map.db');
const read = (rel: string): string | null =>
  existsSync(tree.abs(rel)) ? readFileSync(tree.abs(rel), 'utf8') : null;

function query<T>(sql: string): T[] {
  const db = new Database(dbPath(), { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

const issueRows = () =>
  query<{ a: string; t: string | null }>(
    `SELECT analyzer_id AS a, data_target AS t FROM scan_issues ORDER BY id`,
  );
const mirror = (): unknown =>
  query<{ a: string | null }>(
    `SELECT json_extract(node_json, '$.sidecar.annotations') AS a FROM scan_nodes WHERE path = '${NODE}'`,
  )[0]?.a ?? null;
const stats = () =>
  JSON.parse(query<{ s: string }>(`SELECT stats_json AS s FROM scan_meta`)[0]?.s ?? '{}') as {
    issuesCount: number;
    issuesSuppressed?: number;
  };

/** Everything a refusal must leave alone: the sidecar bytes, the issue rows, the mirror, the ops log. */
function state(): unknown {
  return {
    sidecar: read(SIDECAR),
    issues: issueRows(),
    mirror: mirror(),
    log: read('.skill-map/operations.log'),
    local: read('.skill-map/settings.local.json'),
  };
}

async function checkTotal(): Promise<number> {
  return (await sm('check', '--stored', '--json')).json<{ total: number }>().total;
}

describe('sm issues dismiss', () => {
  it('writes the entry with consent, deletes the issue at once, and later scans skip it', async () => {
    const run = await sm(
      'issues',
      'dismiss',
      NODE,
      'reference-broken',
      TARGET,
      '--note',
      'on purpose',
      '--yes',
      '--json',
    );
    expect(run.code).toBe(0);
    expect(run.json()).toMatchObject({ outcome: 'suppressed', deletedIssues: 1, node: NODE });
    const text = read(SIDECAR) ?? '';
    expect(text.replace(/[0-9a-f]{64}/g, '<sha>')).toBe(
      [
        'annotations:',
        '  issueSuppressions:',
        '    - analyzer: reference-broken',
        '      note: on purpose',
        '      value: docs/missing.md',
        'identity:',
        '  bodyHash: <sha>',
        '  frontmatterHash: <sha>',
        '  path: docs/notes.md',
        '',
      ].join('\n'),
    );
    expect(await checkTotal()).toBe(0);
    expect(read('.skill-map/operations.log')).toContain(
      `"op":"issues.dismiss","target":"docs/notes.md","channel":"cli","outcome":"ok","detail":"analyzer=reference-broken value=docs/missing.md rows=1"`,
    );
    // The scan reads the written sidecar cleanly (no invalid-sidecar or unknown-field issue) and skips the issue.
    expect((await sm('scan')).code).toBe(0);
    expect(await checkTotal()).toBe(0);
    expect(stats()).toMatchObject({ issuesCount: 0, issuesSuppressed: 1 });
    expect((await sm('scan', '--full')).code).toBe(0);
    expect(await checkTotal()).toBe(0);
    // An edit of an unrelated file (the in-place patch path when it applies) keeps it suppressed too.
    writeFileSync(tree.abs('docs/guide.md'), '# Guide\nStart at [notes](notes.md). Edited.\n');
    expect((await sm('scan')).code).toBe(0);
    expect(await checkTotal()).toBe(0);
    expect(stats()).toMatchObject({ issuesCount: 0, issuesSuppressed: 1 });
    expect(read(SIDECAR)).toBe(text);
  });

  it('is idempotent: an equivalent entry (qualified spelling) is already-suppressed and still needs consent', async () => {
    expect((await sm('issues', 'dismiss', NODE, 'core/reference-broken', TARGET, '-y')).code).toBe(0);
    expect(read(SIDECAR)).toContain('analyzer: core/reference-broken'); // stored verbatim
    const before = state();
    const refused = await sm('issues', 'dismiss', NODE, 'reference-broken', TARGET);
    expect(refused.code).toBe(2);
    expect(state()).toEqual(before);
    const again = await sm('issues', 'dismiss', NODE, 'reference-broken', TARGET, '--yes', '--json');
    expect(again.code).toBe(0);
    expect(again.json()).toMatchObject({ outcome: 'already-suppressed', deletedIssues: 0 });
    expect(state()).toEqual(before); // no duplicate entry, no ops-log line for a no-op
    expect((await sm('scan')).code).toBe(0);
  });

  it('re-deletes rows of an already-suppressed entry when the DB drifted (converges)', async () => {
    writeFileSync(
      tree.abs(SIDECAR),
      `annotations:\n  issueSuppressions:\n    - analyzer: reference-broken\n      value: ${TARGET}\n`,
    );
    // The sidecar was hand-edited after the scan: the issue row is still there.
    expect(issueRows()).toHaveLength(1);
    const run = await sm('issues', 'dismiss', NODE, 'reference-broken', TARGET, '--yes', '--json');
    expect(run.json()).toMatchObject({ outcome: 'already-suppressed', deletedIssues: 1 });
    expect(issueRows()).toEqual([]);
    expect(mirror()).toBe(
      JSON.stringify({ issueSuppressions: [{ analyzer: 'reference-broken', value: TARGET }] }),
    );
  });

  it('refuses without consent (exit 2, --yes hint) and changes nothing', async () => {
    const before = state();
    const run = await sm('issues', 'dismiss', NODE, 'reference-broken', TARGET);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('needs consent: allowEditSmFiles is not granted');
    expect(run.stderr).toContain('pass --yes');
    expect(state()).toEqual(before);
  });

  it('a standing allowEditSmFiles grant needs no --yes', async () => {
    expect((await sm('config', 'set', 'allowEditSmFiles', 'true')).code).toBe(0);
    expect((await sm('issues', 'dismiss', NODE, 'reference-broken', TARGET)).code).toBe(0);
    expect(await checkTotal()).toBe(0);
  });

  it('team policy allowSidecarWriters: false is a hard block, even with --yes and a standing grant', async () => {
    writeFileSync(tree.abs('.skill-map/settings.json'), JSON.stringify({ allowSidecarWriters: false }));
    writeFileSync(tree.abs('.skill-map/settings.local.json'), JSON.stringify({ allowEditSmFiles: true }));
    const before = state();
    const run = await sm('issues', 'dismiss', NODE, 'reference-broken', TARGET, '--yes');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('allowSidecarWriters: false');
    expect(state()).toEqual(before);
    expect((await sm('issues', 'undismiss', NODE, 'reference-broken', TARGET, '--yes')).code).toBe(2);
    expect(state()).toEqual(before);
  });

  it('refuses an unknown analyzer before any write, with a suggestion', async () => {
    const before = state();
    const run = await sm('issues', 'dismiss', NODE, 'refrence-broken', TARGET, '--yes');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("unknown analyzer 'refrence-broken' (did you mean reference-broken");
    expect(state()).toEqual(before);
    // A known analyzer whose issues carry no data.target cannot be dismissed either.
    const unkeyed = await sm('issues', 'dismiss', NODE, 'invalid-sidecar', 'x', '--yes');
    expect(unkeyed.code).toBe(2);
    expect(unkeyed.stderr).toContain('cannot be dismissed');
    expect(state()).toEqual(before);
  });

  it('an unknown node is not found (exit 5) and nothing is written', async () => {
    const before = state();
    const run = await sm('issues', 'dismiss', 'docs/nope.md', 'reference-broken', TARGET, '--yes');
    expect(run.code).toBe(5);
    expect(run.stderr).toContain("no node at 'docs/nope.md'");
    expect(existsSync(tree.abs('docs/nope.sm'))).toBe(false);
    expect(state()).toEqual(before);
  });

  it('never clobbers an unparseable sidecar', async () => {
    writeFileSync(tree.abs(SIDECAR), 'annotations: [unclosed\n# my notes\n');
    const before = state();
    const run = await sm('issues', 'dismiss', NODE, 'reference-broken', TARGET, '--yes');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("Sidecar 'docs/notes.sm' does not parse");
    expect(state()).toEqual(before);
  });

  it('refuses on a drifted database (write posture) and changes nothing', async () => {
    execSql(dbPath(), `UPDATE scan_meta SET schema_fingerprint = 'other-build' WHERE id = 1`);
    const before = state();
    const run = await sm('issues', 'dismiss', NODE, 'reference-broken', TARGET, '--yes');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('sm scan --yes');
    expect(state()).toEqual(before);
  });

  it('usage errors name what is accepted', async () => {
    const few = await sm('issues', 'dismiss', NODE, 'reference-broken');
    expect(few.code).toBe(2);
    expect(few.stderr).toContain('takes 3 argument(s), got 2');
    const sub = await sm('issues', 'hide');
    expect(sub.code).toBe(2);
    expect(sub.stderr).toContain("unknown issues subcommand 'hide'");
  });
});

describe('sm issues undismiss / suppressions', () => {
  it('undismiss removes the entry; the issue returns at the NEXT scan', async () => {
    expect((await sm('issues', 'dismiss', NODE, 'reference-broken', TARGET, '--yes')).code).toBe(0);
    expect((await sm('scan')).code).toBe(0);
    const run = await sm('issues', 'undismiss', NODE, 'core/reference-broken', TARGET, '--yes', '--json');
    expect(run.code).toBe(0);
    expect(run.json()).toMatchObject({
      outcome: 'unsuppressed',
      removed: { analyzer: 'reference-broken', value: TARGET },
    });
    expect(read(SIDECAR)).not.toContain('issueSuppressions');
    expect(read(SIDECAR)).toContain('identity:');
    expect(await checkTotal()).toBe(0); // nothing to reveal until the next scan
    expect(read('.skill-map/operations.log')).toContain(
      `"op":"issues.undismiss","target":"docs/notes.md","channel":"cli","outcome":"ok","detail":"analyzer=reference-broken value=docs/missing.md"`,
    );
    expect((await sm('scan')).code).toBe(1);
    expect(await checkTotal()).toBe(1);
    expect(stats()).toMatchObject({ issuesCount: 1, issuesSuppressed: 0 });
  });

  it('undismiss does not validate the analyzer (stale entries of uninstalled plugins stay removable)', async () => {
    writeFileSync(
      tree.abs(SIDECAR),
      'annotations:\n  issueSuppressions:\n    - analyzer: gone-plugin/some-check\n      value: x\n',
    );
    expect((await sm('scan')).code).toBe(1);
    const listed = await sm('issues', 'suppressions', '--json');
    expect(listed.json<{ items: unknown[] }>().items).toEqual([
      { node: NODE, analyzer: 'gone-plugin/some-check', value: 'x' },
    ]);
    const run = await sm('issues', 'undismiss', NODE, 'gone-plugin/some-check', 'x', '--yes');
    expect(run.code).toBe(0);
    expect((await sm('issues', 'suppressions', '--json')).json<{ total: number }>().total).toBe(0);
  });

  it('a missing entry or unknown node is not found (exit 5); the missing-entry path self-heals the mirror', async () => {
    writeFileSync(tree.abs(SIDECAR), 'annotations:\n  tags: [a]\n');
    const missing = await sm('issues', 'undismiss', NODE, 'reference-broken', TARGET, '--yes');
    expect(missing.code).toBe(5);
    expect(missing.stderr).toContain(`no suppression of reference-broken '${TARGET}' on ${NODE}`);
    expect(mirror()).toBe(JSON.stringify({ tags: ['a'] }));
    expect(read(SIDECAR)).toBe('annotations:\n  tags: [a]\n');
    const node = await sm('issues', 'undismiss', 'docs/nope.md', 'reference-broken', TARGET, '--yes');
    expect(node.code).toBe(5);
    expect(node.stderr).toContain("no node at 'docs/nope.md'");
  });

  it('suppressions lists every entry, per node or for the project; unknown node exit 5; no DB → empty', async () => {
    expect((await sm('issues', 'dismiss', NODE, 'reference-broken', TARGET, '--yes')).code).toBe(0);
    expect(
      (await sm('issues', 'dismiss', 'CLAUDE.md', 'reference-broken', 'a', '--note', 'n', '--yes')).code,
    ).toBe(0);
    const all = (await sm('issues', 'suppressions', '--json')).json<{ items: unknown[]; total: number }>();
    expect(all.items).toEqual([
      { node: 'CLAUDE.md', analyzer: 'reference-broken', value: 'a', note: 'n' },
      { node: NODE, analyzer: 'reference-broken', value: TARGET },
    ]);
    const one = await sm('issues', 'suppressions', NODE);
    expect(one.stdout).toContain(`${NODE}  reference-broken  ${TARGET}`);
    expect((await sm('issues', 'suppressions', 'nope.md')).code).toBe(5);
    const empty = await runCli(['issues', 'suppressions', '--json', '--db', join(tree.root, 'none.db')], {
      cwd: tree.root,
    });
    expect(empty.code).toBe(0);
    expect(empty.json<{ items: unknown[] }>().items).toEqual([]);
  });
});

describe('two processes', () => {
  const bin = join(import.meta.dirname, '..', '..', '..', 'bin', 'sm.js');
  const exec = promisify(execFile);

  it('concurrent dismisses of the same node from two processes both land (no lost update)', async () => {
    const values = ['v1', 'v2', 'v3', 'v4'];
    const runs = await Promise.all(
      values.map((v) =>
        exec(process.execPath, [bin, 'issues', 'dismiss', NODE, 'reference-broken', v, '--yes', '--json'], {
          cwd: tree.root,
          env: { PATH: process.env['PATH'] ?? '' },
        }),
      ),
    );
    for (const r of runs) expect(JSON.parse(r.stdout)).toMatchObject({ outcome: 'suppressed' });
    const listed = (await sm('issues', 'suppressions', '--json')).json<{ items: Array<{ value: string }> }>();
    expect(listed.items.map((e) => e.value).sort()).toEqual(values);
    expect(read(SIDECAR)?.match(/analyzer: reference-broken/g)).toHaveLength(4);
    expect(existsSync(join(tree.root, '.skill-map', 'sidecar-locks'))).toBe(true);
  });
});
