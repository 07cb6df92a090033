// node-never-run end to end over a real project database: `sm activity install` records when capture started, the
// ingestion engine records sightings in the last-seen store (SQLite, migration 006), and a scan feeds the check
// from both. An edit of one file patches the stored scan in place and re-runs it; a new sighting rebuilds it.
import { readFileSync } from 'node:fs';
import type { Issue } from '@skill-map/spec';
import { afterEach, describe, expect, it } from 'vitest';
import { tryOpenScanStoreForRead } from '../../adapters/sqlite/store.js';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { createEngineContext } from '../operable/create-context.js';
import { runScan } from '../scan/scan-engine.js';
import { patchScan, rewriteAt, stableTree } from '../scan/testing/patch-tree.js';
import { installActivityHooks } from './install.js';
import { recordSightings } from './never-run.js';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.now();
const AGENT = '.claude/agents/reviewer.md';
const SKILL = '.claude/skills/release/SKILL.md';
const COMMAND = '.claude/commands/ship.md';
const PROJECT: Record<string, string> = {
  [AGENT]: '---\nname: reviewer\ndescription: Reviews a change.\n---\nReview.\n',
  [SKILL]: '---\nname: release\ndescription: Cuts a release.\n---\nRelease.\n',
  [COMMAND]: '---\ndescription: Ships it.\n---\nShip.\n',
  'README.md': '# Project\n',
};

let tree: TempTree | null = null;
afterEach(() => {
  tree?.remove();
  tree = null;
});

function project(installedDaysAgo: number | null): TempTree {
  const t = stableTree('sm-never-run-', PROJECT);
  if (installedDaysAgo !== null)
    installActivityHooks(t.root, {
      host: 'claude',
      argv: ['node', '/opt/sm'],
      now: NOW - installedDaysAgo * DAY,
    });
  return t;
}

function see(t: TempTree, path: string, daysAgo: number): void {
  const ctx = createEngineContext({
    scopeRoot: t.root,
    dbPath: t.abs('.skill-map/skill-map.db'),
    channel: 'ui',
  });
  expect(recordSightings(ctx, [{ path, host: 'claude', at: NOW - daysAgo * DAY }])).toBe(true);
}

const neverRun = (issues: readonly Issue[]): string[] =>
  issues.filter((i) => i.analyzerId === 'node-never-run').map((i) => `${i.severity} ${i.nodeIds[0]!}`);

async function scanned(t: TempTree): Promise<string[]> {
  return neverRun((await runScan({ projectRoot: t.root, racyWindowMs: -60_000 })).result.issues);
}

describe('node-never-run over the persisted last-seen record', () => {
  it('capture installed 40 days ago, nothing seen: info on each agent, skill and command', async () => {
    tree = project(40);
    expect(await scanned(tree)).toEqual([`info ${AGENT}`, `info ${COMMAND}`, `info ${SKILL}`]);
  });

  it('seen inside the window: nothing for that node; seen before it: reported again', async () => {
    tree = project(40);
    await scanned(tree);
    see(tree, AGENT, 2);
    see(tree, SKILL, 35);
    expect(await scanned(tree)).toEqual([`info ${COMMAND}`, `info ${SKILL}`]);
  });

  it('a shorter window from settings makes an older sighting count as never run', async () => {
    tree = project(40);
    await scanned(tree);
    see(tree, AGENT, 10);
    expect(await scanned(tree)).toEqual([`info ${COMMAND}`, `info ${SKILL}`]);
    tree.write({
      '.skill-map/settings.json': JSON.stringify({
        plugins: { core: { extensions: { 'node-never-run': { settings: { windowDays: 7 } } } } },
      }),
    });
    expect(await scanned(tree)).toEqual([`info ${AGENT}`, `info ${COMMAND}`, `info ${SKILL}`]);
  });

  it('capture not installed, or installed after the window began: nothing', async () => {
    tree = project(null);
    expect(await scanned(tree)).toEqual([]);
    tree.remove();
    tree = project(5);
    expect(await scanned(tree)).toEqual([]);
  });

  it('install keeps the first install time across a re-install', () => {
    tree = project(40);
    const first = JSON.parse(readFileSync(tree.abs('.skill-map/activity-hooks.bak'), 'utf8')) as {
      hosts: { claude: { installedAt: number } };
    };
    installActivityHooks(tree.root, { host: 'claude', argv: ['node', '/opt/other/sm'], now: NOW });
    const again = JSON.parse(readFileSync(tree.abs('.skill-map/activity-hooks.bak'), 'utf8')) as typeof first;
    expect(again.hosts.claude.installedAt).toBe(first.hosts.claude.installedAt);
    expect(again.hosts.claude.installedAt).toBe(NOW - 40 * DAY);
  });

  it('a one-file edit of an agent patches the stored scan and re-runs it; a sighting rebuilds the graph', async () => {
    tree = project(40);
    await patchScan(tree);
    await patchScan(tree);
    rewriteAt(tree, AGENT, PROJECT[AGENT]!.replace('Review.', 'Review the diff.'), 1);
    const edited = await patchScan(tree);
    expect({ patched: edited.patchedInPlace, reason: edited.fullBuildReason }).toEqual({
      patched: true,
      reason: null,
    });
    // The stored rows (what `sm check` reads), and what a full build of the same project says.
    const stored = (): string[] => {
      const store = tryOpenScanStoreForRead(tree!.abs('.skill-map/skill-map.db'))!;
      try {
        return neverRun(store.listIssues({ analyzerId: ['node-never-run'] }).items);
      } finally {
        store.close();
      }
    };
    const full = async (): Promise<string[]> =>
      neverRun((await runScan({ projectRoot: tree!.root, mode: 'full', persist: false })).result.issues);
    expect(stored()).toEqual([`info ${AGENT}`, `info ${COMMAND}`, `info ${SKILL}`]);
    expect(stored()).toEqual(await full());
    see(tree, COMMAND, 1);
    const after = await patchScan(tree);
    expect(after.patchedInPlace).toBe(false);
    expect(after.fullBuildReason).toBe('the settings or the skill-map build changed since the last scan');
    expect(stored()).toEqual([`info ${AGENT}`, `info ${SKILL}`]);
    expect(stored()).toEqual(await full());
  });
});
