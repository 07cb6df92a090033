// `sm sidecars annotate|refresh|prune` through runCli: the consent gate before any write, --dry-run without a side
// effect (and without consent), exit codes of the reference's contract, --json validated against cli-sidecars.
import { appendFileSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { runCli } from '../testing/run-cli.js';
import { schemaErrors, tempProject } from '../testing/projects.js';

const AGENT = '.claude/agents/reviewer.md';
const SIDECAR = '.claude/agents/reviewer.sm';
let tree: TempTree;
beforeEach(async () => {
  tree = tempProject({
    [AGENT]: '---\nname: reviewer\ndescription: Reviews changes\n---\nReview.\n',
    'docs/guide.md': '# Guide\n',
    'docs/gone.sm': 'annotations:\n  tags: [old]\n',
    'notes/config.toml.sm': 'annotations:\n  tags: [old]\n',
  });
  expect((await sm('scan', '-q')).code).toBe(0);
});
afterEach(() => tree.remove());

const sm = (...argv: string[]) => runCli(argv, { cwd: tree.root });
/** Every file under the project but the database folder, with its bytes: what a dry run must leave alone. */
function files(): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (rel: string): void => {
    for (const e of readdirSync(tree.abs(rel || '.'), { withFileTypes: true })) {
      const path = rel === '' ? e.name : `${rel}/${e.name}`;
      if (path === '.skill-map') continue;
      if (e.isDirectory()) visit(path);
      else out[path] = readFileSync(tree.abs(path), 'utf8');
    }
  };
  visit('');
  return out;
}

describe('sm sidecars annotate', () => {
  it('needs consent, then writes the identity and an empty annotations block; refuses an existing one', async () => {
    const refused = await sm('sidecars', 'annotate', AGENT);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('pass --yes');
    expect(existsSync(tree.abs(SIDECAR))).toBe(false);
    const run = await sm('sidecars', 'annotate', AGENT, '--yes', '--json');
    expect(run.code).toBe(0);
    const out = run.json<Record<string, unknown>>();
    expect(schemaErrors('sidecarsWrite', [out])).toEqual([]);
    expect(out).toMatchObject({
      node: AGENT,
      sidecar: SIDECAR,
      outcome: 'created',
      dryRun: false,
      written: true,
    });
    const text = readFileSync(tree.abs(SIDECAR), 'utf8');
    expect(text).toMatch(/^annotations: \{\}\nidentity:\n {2}bodyHash: [0-9a-f]{64}\n/);
    expect(text).toContain(`path: ${AGENT}`);
    const again = await sm('sidecars', 'annotate', AGENT, '--yes');
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`${SIDECAR} already exists; pass --force to overwrite it`);
    writeFileSync(tree.abs(SIDECAR), 'annotations:\n  tags: [keep-me]\n');
    const forced = await sm('sidecars', 'annotate', AGENT, '--yes', '--force', '--json');
    expect(forced.json<Record<string, unknown>>()).toMatchObject({ outcome: 'overwritten', written: true });
    expect(readFileSync(tree.abs(SIDECAR), 'utf8')).not.toContain('keep-me');
  });

  it('--dry-run writes nothing, needs no consent, and says what it would do', async () => {
    const before = files();
    const run = await sm('sidecars', 'annotate', AGENT, '-n', '--json');
    expect(run.code).toBe(0);
    const out = run.json<Record<string, unknown>>();
    expect(schemaErrors('sidecarsWrite', [out])).toEqual([]);
    expect(out).toMatchObject({ outcome: 'created', dryRun: true, written: false });
    expect((await sm('sidecars', 'annotate', AGENT, '--dry-run')).stdout).toContain(
      `would create ${SIDECAR} for ${AGENT} (dry-run)`,
    );
    expect(files()).toEqual(before);
    expect(existsSync(tree.abs('.skill-map/settings.local.json'))).toBe(false);
  });

  it('the team policy allowSidecarWriters: false blocks it, --yes or not', async () => {
    tree.write({ '.skill-map/settings.json': JSON.stringify({ allowSidecarWriters: false }) });
    const run = await sm('sidecars', 'annotate', AGENT, '--yes');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('allowSidecarWriters');
    expect(existsSync(tree.abs(SIDECAR))).toBe(false);
  });

  it('an unknown node is exit 5', async () => {
    const run = await sm('sidecars', 'annotate', 'docs/nope.md', '--yes');
    expect(run.code).toBe(5);
    expect(existsSync(tree.abs('docs/nope.sm'))).toBe(false);
  });
});

describe('sm sidecars refresh', () => {
  it('sets the identity hashes to the last scan and keeps the annotations; fresh is a no-op', async () => {
    expect((await sm('sidecars', 'annotate', AGENT, '--yes')).code).toBe(0);
    writeFileSync(
      tree.abs(SIDECAR),
      readFileSync(tree.abs(SIDECAR), 'utf8').replace('annotations: {}', 'annotations:\n  tags: [review]'),
    );
    const fresh = await sm('sidecars', 'refresh', AGENT, '--json');
    expect(fresh.code).toBe(0);
    expect(fresh.json<Record<string, unknown>>()).toMatchObject({ outcome: 'fresh', written: false });
    appendFileSync(tree.abs(AGENT), 'One more line.\n');
    expect((await sm('scan', '-q')).code).toBe(0);
    const before = readFileSync(tree.abs(SIDECAR), 'utf8');
    const dry = await sm('sidecars', 'refresh', AGENT, '-n', '--json');
    expect(dry.json<Record<string, unknown>>()).toMatchObject({ outcome: 'refreshed', dryRun: true });
    expect(readFileSync(tree.abs(SIDECAR), 'utf8')).toBe(before);
    expect((await sm('sidecars', 'refresh', AGENT)).code).toBe(2);
    const run = await sm('sidecars', 'refresh', AGENT, '--yes', '--json');
    const out = run.json<Record<string, unknown>>();
    expect(schemaErrors('sidecarsWrite', [out])).toEqual([]);
    expect(out).toMatchObject({ outcome: 'refreshed', written: true });
    const after = readFileSync(tree.abs(SIDECAR), 'utf8');
    expect(after).not.toBe(before);
    expect(after).toContain('tags:\n    - review');
    // The next scan sees the sidecar fresh again.
    expect((await sm('scan', '-q')).code).toBe(0);
    const shown = (await sm('show', AGENT, '--json')).json<{ item: { sidecar: { status: string } } }>();
    expect(shown.item.sidecar.status).toBe('fresh');
  });

  it('a node edited since the last scan is refused (exit 2, run sm scan), dry run included; nothing written', async () => {
    expect((await sm('sidecars', 'annotate', AGENT, '--yes')).code).toBe(0);
    const before = readFileSync(tree.abs(SIDECAR), 'utf8');
    appendFileSync(tree.abs(AGENT), 'Edited after the scan.\n');
    for (const argv of [
      ['sidecars', 'refresh', AGENT, '--yes'],
      ['sidecars', 'refresh', AGENT, '-n'],
      ['sidecars', 'annotate', AGENT, '--yes', '--force'],
    ]) {
      const run = await sm(...argv);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.stderr).toContain('changed since the last scan');
    }
    expect(readFileSync(tree.abs(SIDECAR), 'utf8')).toBe(before);
    expect((await sm('scan', '-q')).code).toBe(0);
    expect((await sm('sidecars', 'refresh', AGENT, '--yes')).code).toBe(0);
  });

  it('a node without a sidecar is exit 5', async () => {
    const run = await sm('sidecars', 'refresh', AGENT, '--yes');
    expect(run.code).toBe(5);
    expect(run.stderr).toContain('has no sidecar');
  });
});

describe('sm sidecars prune', () => {
  it('--dry-run lists the orphans and deletes nothing; off a terminal it refuses without --yes', async () => {
    const before = files();
    const dry = await sm('sidecars', 'prune', '-n', '--json');
    expect(dry.code).toBe(0);
    const report = dry.json<Record<string, unknown>>();
    expect(schemaErrors('sidecarsPrune', [report])).toEqual([]);
    expect(report).toMatchObject({
      dryRun: true,
      deleted: 0,
      wouldDelete: 2,
      errors: [],
      items: [
        { sidecar: 'docs/gone.sm', expected: 'docs/gone.md', outcome: 'would-delete' },
        { sidecar: 'notes/config.toml.sm', expected: 'notes/config.toml', outcome: 'would-delete' },
      ],
    });
    const refused = await sm('sidecars', 'prune');
    expect(refused.code).toBe(2);
    expect(files()).toEqual(before);
  });

  it('--yes deletes only the orphans (a sidecar with its node stays)', async () => {
    expect((await sm('sidecars', 'annotate', AGENT, '--yes')).code).toBe(0);
    const run = await sm('sidecars', 'prune', '--yes', '--json');
    expect(run.code).toBe(0);
    const report = run.json<Record<string, unknown>>();
    expect(schemaErrors('sidecarsPrune', [report])).toEqual([]);
    expect(report).toMatchObject({ dryRun: false, deleted: 2, wouldDelete: 0, errors: [] });
    expect(existsSync(tree.abs('docs/gone.sm'))).toBe(false);
    expect(existsSync(tree.abs('notes/config.toml.sm'))).toBe(false);
    expect(existsSync(tree.abs(SIDECAR))).toBe(true);
    expect((await sm('sidecars', 'prune')).stdout).toContain('no orphan sidecars');
  });
});
