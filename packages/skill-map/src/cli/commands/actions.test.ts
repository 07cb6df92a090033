// `sm actions list|show|run` and `sm bump` in process on real projects: enable state, consent, dry runs, input
// checks, the team hard block, and parallel bumps that must not lose one another's update. --json validated.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { runCli } from '../testing/run-cli.js';
import { CLEAN_PROJECT, schemaErrors, tempProject } from '../testing/projects.js';

const NODE = '.claude/skills/deploy/SKILL.md';
const SIDECAR = '.claude/skills/deploy/SKILL.sm';

let tree: TempTree;
beforeEach(async () => {
  tree = tempProject(CLEAN_PROJECT);
  expect((await sm(['scan', '-q'])).code).toBe(0);
});
afterEach(() => tree.remove());

function sm(argv: string[]) {
  return runCli(argv, { cwd: tree.root });
}
/** The node's drift badge (`sm show`) and the issues `sm check` reports on it, info included. */
async function driftOf(): Promise<{ status: unknown; issues: string[] }> {
  const show = (await sm(['show', NODE, '--json'])).json<{ item: { sidecar?: { status?: unknown } } }>();
  const check = (await sm(['check', '--severity', 'info', '--json'])).json<{
    issues: Array<{ analyzerId: string; nodeIds: string[] }>;
  }>();
  const issues = check.issues.filter((i) => i.nodeIds.includes(NODE)).map((i) => i.analyzerId);
  return { status: show.item.sidecar?.status, issues };
}
const sidecar = (): string | null =>
  existsSync(tree.abs(SIDECAR)) ? readFileSync(tree.abs(SIDECAR), 'utf8') : null;

interface Info {
  id: string;
  mode: string;
  enabled: boolean;
  defaultEnabled: boolean;
  writes: string[];
}
interface Run {
  dryRun: boolean;
  changed: boolean;
  report: Record<string, unknown>;
  annotations: Record<string, unknown>;
}

describe('sm actions list and show', () => {
  it('lists the built-in deterministic actions with their defaults, and the probabilistic ones as jobs', async () => {
    const run = await sm(['actions', 'list', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const doc = run.json<{ actions: Info[] }>();
    expect(schemaErrors('actionsList', [doc])).toEqual([]);
    const byId = new Map(doc.actions.map((a) => [a.id, a]));
    expect(byId.get('core/node-bump')).toMatchObject({
      mode: 'deterministic',
      enabled: false,
      defaultEnabled: false,
      writes: ['sidecar'],
    });
    expect(byId.get('core/node-set-stability')).toMatchObject({ enabled: false, defaultEnabled: false });
    expect(byId.get('core/node-set-tags')).toMatchObject({ enabled: true, defaultEnabled: true });
    expect(byId.get('core/ai-summarizer-action')).toMatchObject({ mode: 'probabilistic', writes: [] });
    expect(run.stderr).toMatch(/done in \d+/);
  });

  it('shows one manifest (bare ids resolve); an unknown id is exit 5 naming `sm actions list`', async () => {
    const show = await sm(['actions', 'show', 'node-set-stability', '--json']);
    expect(show.code, show.stderr).toBe(0);
    const doc = show.json<Info & { params: Record<string, { enum: string[] }> }>();
    expect(schemaErrors('actionShow', [doc])).toEqual([]);
    expect(doc.params['stability']?.enum).toEqual(['experimental', 'stable', 'deprecated']);
    const text = await sm(['actions', 'show', 'core/node-set-stability']);
    expect(text.stdout).toContain('off by default');
    const unknown = await sm(['actions', 'show', 'core/nope']);
    expect(unknown.code).toBe(5);
    expect(unknown.stderr).toContain('sm actions list');
  });
});

describe('sm actions run', () => {
  it('a switched-off action is refused (exit 5) until `sm plugins enable core/node-bump`', async () => {
    const off = await sm(['actions', 'run', 'core/node-bump', '-n', NODE, '--yes']);
    expect(off.code).toBe(5);
    expect(off.stderr).toContain('sm plugins enable core/node-bump');
    expect(sidecar()).toBeNull();
    expect((await sm(['plugins', 'enable', 'core/node-bump'])).code).toBe(0);
    const on = await sm(['actions', 'run', 'core/node-bump', '-n', NODE, '--yes', '--json']);
    expect(on.code, on.stderr).toBe(0);
    expect(schemaErrors('actionRun', [on.json()])).toEqual([]);
    expect(on.json<Run>().annotations).toEqual({ version: 1 });
    expect((await sm(['plugins', 'disable', 'core/node-bump'])).code).toBe(0);
    expect((await sm(['actions', 'run', 'core/node-bump', '-n', NODE, '--yes'])).code).toBe(5);
  });

  it('without consent off a terminal: exit 2, the allowEditSmFiles and --yes hint, nothing written', async () => {
    const run = await sm(['actions', 'run', 'core/node-set-tags', '-n', NODE, '--input', '{"tags":["ops"]}']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('allowEditSmFiles');
    expect(run.stderr).toContain('--yes');
    expect(sidecar()).toBeNull();
  });

  it('a dry run needs no consent, prints what would be written and writes nothing', async () => {
    const run = await sm([
      'actions',
      'run',
      'core/node-set-tags',
      '-n',
      NODE,
      '--input',
      '{"tags":["ops","ci"]}',
      '--dry-run',
      '--json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const doc = run.json<Run>();
    expect(schemaErrors('actionRun', [doc])).toEqual([]);
    expect(doc).toMatchObject({ dryRun: true, changed: true, annotations: { tags: ['ops', 'ci'] } });
    expect(sidecar()).toBeNull();
    expect(readdirSync(dirname(tree.abs(SIDECAR)))).toEqual(['SKILL.md']);
  });

  it('bad input is a clear exit 2 naming the field and leaves the sidecar as it was', async () => {
    expect((await sm(['plugins', 'enable', 'core/node-set-stability'])).code).toBe(0);
    const cases: [string, RegExp][] = [
      ['{"stability":"bogus"}', /'bogus' is not one of experimental, stable, deprecated/],
      ['{}', /input stability is required/],
      ['{"stability":"stable","extra":1}', /unknown input extra/],
      ['[1]', /input must be a JSON object/],
    ];
    for (const [input, message] of cases) {
      const run = await sm([
        'actions',
        'run',
        'core/node-set-stability',
        '-n',
        NODE,
        '--yes',
        '--input',
        input,
      ]);
      expect(run.code, input).toBe(2);
      expect(run.stderr).toMatch(message);
    }
    expect((await sm(['actions', 'run', 'core/node-set-stability', '-n', NODE, '--input', '{'])).code).toBe(
      2,
    );
    expect(sidecar()).toBeNull();
    const ok = await sm([
      'actions',
      'run',
      'core/node-set-stability',
      '-n',
      NODE,
      '--yes',
      '--input',
      '{"stability":"stable"}',
    ]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(sidecar()).toContain('stability: stable');
  });

  it('an unknown node is exit 5; a probabilistic action is pointed at `sm jobs submit`', async () => {
    const node = await sm([
      'actions',
      'run',
      'core/node-set-tags',
      '-n',
      'docs/none.md',
      '--yes',
      '--input',
      '{"tags":[]}',
    ]);
    expect(node.code).toBe(5);
    const prob = await sm(['actions', 'run', 'core/ai-summarizer-action', '-n', NODE, '--yes']);
    expect(prob.code).toBe(2);
    expect(prob.stderr).toContain('sm jobs submit core/ai-summarizer-action');
  });

  it('the team hard block (allowSidecarWriters: false) refuses even with --yes and a standing grant', async () => {
    writeFileSync(tree.abs('.skill-map/settings.json'), JSON.stringify({ allowSidecarWriters: false }));
    writeFileSync(tree.abs('.skill-map/settings.local.json'), JSON.stringify({ allowEditSmFiles: true }));
    const run = await sm([
      'actions',
      'run',
      'core/node-set-tags',
      '-n',
      NODE,
      '--yes',
      '--input',
      '{"tags":["a"]}',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('allowSidecarWriters');
    expect(sidecar()).toBeNull();
  });
});

describe('sm bump', () => {
  it('bumps while core/node-bump is off, re-records identity (the drift badge clears, no issue either way) and stamps the audit', async () => {
    writeFileSync(
      tree.abs(SIDECAR),
      `annotations:\n  version: 4\nidentity:\n  path: ${NODE}\n  bodyHash: ` +
        'ab'.repeat(32) +
        '\n  frontmatterHash: ' +
        'ab'.repeat(32) +
        '\n',
    );
    await sm(['scan', '-q']);
    expect(await driftOf()).toEqual({ status: 'stale-both', issues: [] });
    const run = await sm(['bump', NODE, '--yes', '--json']);
    expect(run.code, run.stderr).toBe(0);
    // The reference's bump report: the sidecar existed, so no createdSidecar.
    expect(run.json()).toEqual({ ok: true, version: 5 });
    expect(schemaErrors('bumpReport', [run.json()])).toEqual([]);
    expect(sidecar()).toContain('version: 5');
    expect(sidecar()).toMatch(/audit:\n {2}lastBumpedAt: .+\n {2}lastBumpedBy: .+\n/);
    expect(sidecar()).not.toContain('createdAt');
    expect(sidecar()).toContain(`path: ${NODE}`);
    expect(run.stderr).toMatch(/done in \d+/);
    await sm(['scan', '-q']);
    expect(await driftOf()).toEqual({ status: 'fresh', issues: [] });
  });

  it('--dry-run (-n) writes nothing and needs no consent; without --yes off a terminal it is exit 2', async () => {
    const dry = await sm(['bump', NODE, '-n', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    // `sm bump --json` is the reference's bump report; a node with no version gets 1.
    expect(dry.json()).toEqual({ ok: true, version: 1, createdSidecar: true });
    expect(schemaErrors('bumpReport', [dry.json()])).toEqual([]);
    expect(sidecar()).toBeNull();
    const refused = await sm(['bump', NODE]);
    expect(refused.code).toBe(2);
    expect(sidecar()).toBeNull();
    expect((await sm(['bump', 'docs/none.md', '--yes'])).code).toBe(5);
    expect((await sm(['bump'])).code).toBe(2);
  });

  it('a node edited since the last scan is refused (exit 2, run sm scan), nothing written; after a scan it bumps', async () => {
    writeFileSync(tree.abs(NODE), '---\nname: deploy\ndescription: Deploys the app\n---\nA new body.\n');
    for (const argv of [
      ['bump', NODE, '--yes'],
      ['bump', NODE, '-n'],
    ]) {
      const run = await sm(argv);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.stderr).toContain('changed since the last scan');
      expect(run.stderr).toContain('sm scan');
    }
    expect(sidecar()).toBeNull();
    expect((await sm(['scan', '-q'])).code).toBe(0);
    expect((await sm(['bump', NODE, '--yes'])).code).toBe(0);
  });

  it('parallel bumps serialise on the sidecar lock: none is lost, no temp file is left', async () => {
    const runs = await Promise.all([1, 2, 3, 4, 5].map(() => sm(['bump', NODE, '--yes', '--json'])));
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const versions = runs.map((r) => r.json<{ version: number }>().version).sort();
    expect(versions).toEqual([1, 2, 3, 4, 5]);
    expect(runs.filter((r) => r.json<{ createdSidecar?: boolean }>().createdSidecar === true)).toHaveLength(
      1,
    );
    expect(sidecar()).toContain('version: 5');
    expect(sidecar()).toMatch(/audit:\n {2}createdAt: .+\n {2}createdBy: .+\n {2}lastBumpedAt: /);
    expect(readdirSync(dirname(tree.abs(SIDECAR))).sort()).toEqual(['SKILL.md', 'SKILL.sm']);
  });
});
