import { chmodSync, existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { permissionsAreBypassed } from '../../adapters/testing/temp-tree.js';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { SPEC_STATS_KEYS } from '@skill-map/spec';
import type { ScanResult } from '@skill-map/spec';
import { runCli } from '../testing/run-cli.js';
import { bumpUserVersion, CLEAN_PROJECT, execSql, schemaErrors, tempProject } from '../testing/projects.js';

let tree: TempTree;
afterEach(() => tree.remove());

const sm = (argv: string[], tty = false) => runCli(argv, { cwd: tree.root, tty });
const db = () => tree.abs('.skill-map/skill-map.db');

describe('sm scan', () => {
  it('maps the project, persists it, exits 1 on an error-severity issue and logs the operation', async () => {
    tree = tempProject();
    const run = await sm(['scan']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('scanned 6 nodes');
    expect(run.stdout).toContain('1 error');
    expect(run.stdout).toMatch(/hosts {5}claude \(detected: \.claude\/\)/);
    expect(run.stderr).toContain('`sm check --severity error` lists them');
    expect(run.stderr).toMatch(/done in (\d+ms|\d+\.\ds|\d+m \d+s)\n$/);
    expect(existsSync(db())).toBe(true);
    expect(readFileSync(tree.abs('.skill-map/.gitignore'), 'utf8')).toContain('skill-map.db*');
    expect(readFileSync(tree.abs('.skill-map/operations.log'), 'utf8')).toMatch(
      /"op":"scan","target":"\*","channel":"cli","outcome":"ok"/,
    );
  });

  it('exits 0 when no issue has severity error', async () => {
    tree = tempProject(CLEAN_PROJECT);
    expect((await sm(['scan'])).code).toBe(0);
  });

  it('--json prints only the ScanResult; its nodes, links and issues validate against the spec schemas', async () => {
    tree = tempProject();
    const run = await sm(['scan', '--json']);
    const out = run.json<ScanResult>();
    expect(schemaErrors('scanResult', [out])).toEqual([]);
    expect(schemaErrors('node', out.nodes)).toEqual([]);
    expect(schemaErrors('link', out.links)).toEqual([]);
    expect(schemaErrors('issue', out.issues)).toEqual([]);
    expect(out.nodes).toHaveLength(6);
    expect(run.stderr).not.toContain('{');
    // The reference's stats are closed: our own run facts are not in them (they are in --run-facts).
    expect(Object.keys(out.stats).every((k) => (SPEC_STATS_KEYS as readonly string[]).includes(k))).toBe(
      true,
    );
    expect(Number.isInteger(out.stats.durationMs)).toBe(true);
    // Extension ids are bare, as the reference prints them (`core/markdown-link` is `markdown-link`).
    expect(out.nodes.map((n) => n.provider).filter((p) => p.includes('/'))).toEqual([]);
    expect(
      out.links.flatMap((l) => [...l.sources, ...(l.occurrences ?? []).map((o) => o.extractor)]),
    ).not.toContainEqual(expect.stringContaining('/'));
    expect(out.links.length).toBeGreaterThan(0);
  });

  it('--explain says whether the stored scan was patched in place or why the whole graph was built', async () => {
    tree = tempProject(CLEAN_PROJECT);
    const first = await sm(['scan', '--explain', '-q']);
    expect(first.stderr).toContain('full build because there is no stored scan yet');
    const again = await sm(['scan', '--explain']);
    expect(again.stderr).toContain('patched in place');
    expect(again.stderr).not.toContain('re-ran');
    // A frontmatter edit re-runs the checks that read it, on that node: the line names them and the change.
    writeFileSync(
      tree.abs('.claude/agents/reviewer.md'),
      '---\nname: reviewer\ndescription: Reviews changes\ncolor: bleu\n---\nUse the [deploy skill](../skills/deploy/SKILL.md).\n',
    );
    const edited = await sm(['scan', '--explain', '--run-facts']);
    expect(edited.stderr).toMatch(
      /patched in place: .*; re-ran .*agent-color-invalid.* because '\.claude\/agents\/reviewer\.md' changes what the whole-graph checks read \(node\)/,
    );
    expect(edited.json()).toMatchObject({
      patchedInPlace: true,
      rechecked: { analyzers: expect.arrayContaining(['agent-color-invalid']) },
    });
    const full = await sm(['scan', '--full', '--explain', '--run-facts']);
    expect(full.stderr).toContain('full build because a full scan was asked for');
    expect(full.json()).toMatchObject({
      patchedInPlace: false,
      fullBuildReason: 'a full scan was asked for',
    });
  });

  it('--run-facts prints how the run went: mode, files, issues per severity, persisted counts, timings', async () => {
    tree = tempProject();
    const run = await sm(['scan', '--run-facts']);
    expect(run.json()).toMatchObject({
      mode: 'incremental',
      files: { analyzed: 6 },
      issues: { error: 1 },
      stats: { nodesCount: 6, filesAnalyzed: 6, issuesSuppressed: 0 },
      persisted: { nodes: { inserted: 6 } },
      timings: { total: expect.any(Number) },
      elapsedMs: expect.any(Number),
    });
    expect(run.json()).not.toHaveProperty('nodes');
  });

  it('reuses unchanged files on a rescan, and --full re-analyses them', async () => {
    tree = tempProject();
    await sm(['scan']);
    const again = (await sm(['scan', '--changed', '--run-facts'])).json<{
      files: { analyzed: number; accepted: number };
    }>();
    expect(again.files).toMatchObject({ accepted: 6, analyzed: 0 });
    const full = (await sm(['scan', '--full', '--json', '--run-facts'])).json<{
      files: { analyzed: number };
      mode: string;
    }>();
    expect(full).toMatchObject({ mode: 'full', files: { analyzed: 6 } });
  });

  it('--full with --changed, and --watch with --full, are refused with exit 2', async () => {
    tree = tempProject();
    const both = await sm(['scan', '--full', '--changed']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--full and --changed exclude each other');
    const watch = await sm(['scan', '--watch', '--full']);
    expect(watch.code).toBe(2);
    expect(watch.stderr).toContain('--watch and --full exclude each other');
    expect(existsSync(db())).toBe(false);
  });
});

describe('sm scan: progress and loud truncation', () => {
  it('draws a live progress bar on a terminal stderr and clears it', async () => {
    tree = tempProject();
    const run = await sm(['scan'], true);
    expect(run.stderr).toContain('scanning [');
    expect(run.stderr).toMatch(/\d\/6 {2}/);
    expect(run.stderr).toContain('\r\u001b[2K');
    expect(run.stdout).not.toContain('\r');
  });

  it('stays silent when stderr is piped or with -q', async () => {
    tree = tempProject();
    expect((await sm(['scan'])).stderr).not.toContain('scanning');
    const quiet = await sm(['scan', '-q'], true);
    expect(quiet.stderr).not.toContain('scanning');
    expect(quiet.stdout).toBe('');
  });

  it('warns on stderr with the numbers when the scan ceiling truncated the walk', async () => {
    tree = tempProject({
      ...CLEAN_PROJECT,
      '.skill-map/settings.json': JSON.stringify({ scan: { maxScan: 2 } }),
    });
    const run = await sm(['scan']);
    expect(run.stderr).toMatch(
      /warning: scan truncated: the ceiling scan\.maxScan=2 was reached and 4 candidate file\(s\) were NOT scanned/,
    );
    expect(run.stdout).toContain('TRUNCATED at scan.maxScan=2: 4 file(s) not scanned');
    const json = (await sm(['scan', '--run-facts'])).json<{ truncation: unknown }>();
    expect(json.truncation).toEqual({ scanTruncated: true, scanCeiling: 2, filesNotScanned: 4 });
  });
});

describe('sm scan: bad input never crashes a scan', () => {
  it('skips binary, oversized, looping and unreadable files, reports them, and exits by severity', async () => {
    tree = tempProject({
      ...CLEAN_PROJECT,
      'docs/bad-yaml.md': '---\nname: [unclosed\n---\nBody.\n',
      'docs/binary.md': Buffer.from([0x23, 0x20, 0x00, 0x01, 0x02, 0x0a]),
      'docs/huge.md': `# Huge\n${'x'.repeat(2 * 1024 * 1024)}\n`,
    });
    symlinkSync('loop-b', tree.abs('docs/loop-a'));
    symlinkSync('loop-a', tree.abs('docs/loop-b'));
    const unreadable = !permissionsAreBypassed();
    if (unreadable) {
      writeFileSync(tree.abs('docs/secret.md'), '# Secret\n');
      chmodSync(tree.abs('docs/secret.md'), 0o000);
    }
    const run = await sm(['scan', '--json']);
    expect(run.code).toBe(0);
    expect(run.json<ScanResult>().issues.map((i) => i.analyzerId)).toContain('frontmatter-parse-error');
    const facts = (await sm(['scan', '--run-facts'])).json<{
      skipped: { byReason: Record<string, number> };
    }>();
    expect(facts.skipped.byReason).toMatchObject({
      binary: 1,
      oversized: 1,
      ...(unreadable ? { unreadable: 1 } : {}),
    });
    const text = await sm(['scan']);
    expect(text.stdout).toMatch(/skipped {3}\d+ \(.*1 binary.*1 oversized/);
    expect(text.stderr).toContain('skipped docs/huge.md: oversized');
  });
});

describe('sm scan: database posture', () => {
  it('refuses a database written by a newer schema (exit 2) with what to do', async () => {
    tree = tempProject();
    await sm(['scan']);
    bumpUserVersion(db(), 999);
    const run = await sm(['scan']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('written by a newer skill-map (schema 999');
    expect(run.stderr).toContain('upgrade skill-map, or delete');
  });

  it('refuses a drifted database without --yes, and rebuilds it with --yes', async () => {
    tree = tempProject();
    await sm(['scan']);
    execSql(db(), `UPDATE scan_meta SET schema_fingerprint = 'other-build' WHERE id = 1`);
    const refused = await sm(['scan']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('run `sm scan --yes` to rebuild');
    const rebuilt = await sm(['scan', '--yes']);
    expect(rebuilt.code).toBe(1);
    expect(rebuilt.stdout).toContain('nodes +6');
  });
});
