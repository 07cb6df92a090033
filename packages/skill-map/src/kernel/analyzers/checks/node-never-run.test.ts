// node-never-run over in-memory projects: silent without the activity capture's facts, an info issue per agent,
// skill or command of a covered host the capture never saw run, and re-run by the incremental build's patch mode.
import { createHash } from 'node:crypto';
import type { Issue } from '@skill-map/spec';
import { describe, expect, it } from 'vitest';
import { isCandidatePath } from '../../analyze-file.js';
import { buildGraph } from '../../build-graph.js';
import { buildGraphIncremental } from '../../graph/incremental.js';
import { scanSources } from '../../scan.js';
import { incrementalProject } from '../../testing/incremental-project.js';
import type { NeverRunFacts, ScanSettings } from '../../types.js';

const sha = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

const PROJECT: Record<string, string> = {
  'CLAUDE.md': 'Use the reviewer agent, the release skill and /ship.\n',
  '.claude/agents/reviewer.md': '---\nname: reviewer\ndescription: Reviews a change.\n---\nReview.\n',
  '.claude/skills/release/SKILL.md': '---\nname: release\ndescription: Cuts a release.\n---\nRelease.\n',
  '.claude/commands/ship.md': '---\ndescription: Ships it.\n---\nShip.\n',
  '.claude/skills/release/notes.md': 'Notes of the release skill (no agent, skill or command).\n',
  '.cursor/rules/style.mdc': '---\ndescription: Style\nalwaysApply: true\n---\nStyle.\n',
};
const NODES = ['.claude/agents/reviewer.md', '.claude/commands/ship.md', '.claude/skills/release/SKILL.md'];

const facts = (seen: string[], hosts = ['claude']): NeverRunFacts => ({ windowDays: 30, hosts, seen });

function neverRun(settings: ScanSettings, tree = PROJECT): Issue[] {
  const sources = Object.entries(tree)
    .filter(([path]) => isCandidatePath(path))
    .map(([path, text]) => ({ path, text, bytes: Buffer.byteLength(text), modifiedAtMs: null }));
  return scanSources(sources, settings, { hash: sha, walkedPaths: Object.keys(tree) }).result.issues.filter(
    (i) => i.analyzerId === 'node-never-run',
  );
}

describe('node-never-run', () => {
  it('planted: capture installed, nothing seen: one info per agent, skill and command of the host', () => {
    const issues = neverRun({ neverRun: facts([]) });
    expect(issues.map((i) => `${i.severity} ${i.nodeIds[0]!} ${String(i.data?.target)}`)).toEqual(
      NODES.map((p) => `info ${p} ${p}`),
    );
    expect(issues[0]!.message).toBe(
      "the claude agent '.claude/agents/reviewer.md' has not run in the last 30 days of activity capture",
    );
    expect(issues[0]!.data).toEqual({ target: '.claude/agents/reviewer.md', host: 'claude', windowDays: 30 });
  });

  it('clean twin: every one seen inside the window: nothing', () => {
    expect(neverRun({ neverRun: facts(NODES) })).toEqual([]);
  });

  it('silent without the facts (capture not installed, or not for the whole window) and for other hosts', () => {
    expect(neverRun({})).toEqual([]);
    expect(neverRun({ neverRun: facts([], []) })).toEqual([]);
    // Codex's capture covers only its own nodes, and of them only agents (skills load unseen).
    expect(neverRun({ neverRun: facts([], ['codex']) })).toEqual([]);
  });

  it('a seen node drops out alone', () => {
    expect(
      neverRun({ neverRun: facts(['.claude/skills/release/SKILL.md']) }).map((i) => i.nodeIds[0]),
    ).toEqual(['.claude/agents/reviewer.md', '.claude/commands/ship.md']);
  });

  it('re-run by a one-file edit in the incremental patch mode, equal to a full build', () => {
    const files = new Map(Object.entries(PROJECT));
    const settings: ScanSettings = { neverRun: facts(['.claude/commands/ship.md']) };
    const project = incrementalProject(files, settings, sha);
    const { analyze, recordOf, graphCtx, records } = project;
    let state = project.state;
    const path = '.claude/agents/reviewer.md';
    for (const edit of [
      (t: string) => t.replace('Reviews a change.', 'Reviews a change; use after edits.'),
      (t: string) => t.replace('---\nReview.', 'model: sonnet\n---\nReview the diff.'),
    ]) {
      files.set(path, edit(files.get(path)!));
      recordOf.set(path, analyze(path));
      const out = buildGraphIncremental(records(), graphCtx, state);
      expect({ mode: out.mode, reason: out.reason }).toEqual({ mode: 'patch', reason: undefined });
      expect(JSON.stringify(out.result)).toBe(JSON.stringify(buildGraph(records(), graphCtx)));
      expect(
        out.result.issues.filter((i) => i.analyzerId === 'node-never-run').map((i) => i.nodeIds[0]),
      ).toEqual(['.claude/agents/reviewer.md', '.claude/skills/release/SKILL.md']);
      state = out.state;
    }
    // New facts (a sighting): the context changed, the graph is built again and the issue goes.
    const seen = { ...graphCtx, settings: { neverRun: facts(['.claude/commands/ship.md', path]) } };
    const out = buildGraphIncremental(records(), seen, state);
    expect(
      out.result.issues.filter((i) => i.analyzerId === 'node-never-run').map((i) => i.nodeIds[0]),
    ).toEqual(['.claude/skills/release/SKILL.md']);
  });
});
