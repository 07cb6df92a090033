// The live graph behind `sm lsp`: a buffer overlays its file without touching the disk, a keystroke is patched
// into the graph by the kernel's incremental build (not a rebuild), other files' issues follow a change to a file
// they link to, dropping the overlay restores the disk view, and a refresh picks up saved files.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempTree } from '../../adapters/testing/temp-tree.js';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import type { Issue } from '@skill-map/spec';
import { createLiveGraph } from './live-graph.js';
import type { LiveGraph } from './live-graph.js';

const SKILL = '.claude/skills/alpha/SKILL.md';
const SKILL_TEXT = '---\nname: alpha\ndescription: Alpha.\n---\nRead [the guide](../../../docs/guide.md).\n';
const AGENT = '.claude/agents/reviewer.md';

let tree: TempTree | null = null;
let live: LiveGraph | null = null;
afterEach(() => {
  live?.close();
  live = null;
  tree?.remove();
  tree = null;
});

async function start(): Promise<LiveGraph> {
  tree = createTempTree('sm-live-');
  tree.write({
    [SKILL]: SKILL_TEXT,
    [AGENT]: '---\nname: reviewer\ndescription: Reviews.\n---\nRead [the guide](../../docs/guide.md).\n',
    'docs/guide.md': '# Guide\n',
    'CLAUDE.md': '# Project\n',
  });
  live = await createLiveGraph({ projectRoot: tree.root });
  return live;
}

const brokenIn = (issues: readonly Issue[], path: string): Issue[] =>
  issues.filter((i) => i.analyzerId === 'reference-broken' && i.nodeIds.includes(path));

describe('the live graph', () => {
  it('patches a buffer into the graph without a rebuild and without writing the file', async () => {
    const g = await start();
    expect(brokenIn(g.result().issues, SKILL)).toEqual([]);
    const change = g.overlay(SKILL, SKILL_TEXT.replace('docs/guide.md', 'docs/gide.md'));
    expect(change?.mode).toBe('patch');
    expect(brokenIn(change!.after.issues, SKILL)).toHaveLength(1);
    expect(change!.before.issues.filter((i) => i.analyzerId === 'reference-broken')).toEqual([]);
    // The other files' issue objects are shared with the previous result (what the publisher compares).
    expect(g.textOf(SKILL)).toContain('docs/gide.md');
    expect(readFileSync(join(tree!.root, SKILL), 'utf8')).toBe(SKILL_TEXT);
    const back = g.drop(SKILL);
    expect(brokenIn(back!.after.issues, SKILL)).toEqual([]);
    expect(g.textOf(SKILL)).toBe(SKILL_TEXT);
  });

  it('reports on other files when a buffer changes what they are checked against', async () => {
    const g = await start();
    const beta = '.claude/skills/beta/SKILL.md';
    writeFileSync(join(tree!.root, 'CLAUDE.md'), '# Project\n');
    tree!.write({ [beta]: '---\nname: beta\ndescription: Beta.\n---\nBeta.\n' });
    await g.refresh();
    const collisions = (issues: readonly Issue[]): Issue[] =>
      issues.filter((i) => i.analyzerId === 'name-collision');
    expect(collisions(g.result().issues)).toEqual([]);
    // beta's unsaved buffer takes alpha's name: the collision names both files, alpha's included.
    const change = g.overlay(beta, '---\nname: alpha\ndescription: Beta.\n---\nBeta.\n');
    expect(collisions(change!.after.issues).flatMap((i) => i.nodeIds)).toContain(SKILL);
  });

  it('ignores buffers of files the scan does not know, and picks up saved files on refresh', async () => {
    const g = await start();
    expect(g.overlay('notes.txt', 'hello')).toBeNull();
    expect(g.drop(SKILL)).toBeNull();
    writeFileSync(join(tree!.root, AGENT), '---\nname: reviewer\n---\nSee [x](../../nope.md).\n');
    const change = await g.refresh([AGENT]);
    expect(brokenIn(change.after.issues, AGENT)).toHaveLength(1);
  });
});
