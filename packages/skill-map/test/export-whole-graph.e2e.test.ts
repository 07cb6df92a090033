// Issue 23 point 14: `sm export` with no query kept 394 of 1,061 links and dropped every `invokes` link (the
// raw-target closure drops a link whose authored target is a trigger such as `/deploy`, and every broken one). With
// no query the export is the whole graph. Built bin, a temp project holding every link kind.
import { LINK_KINDS } from '@skill-map/spec';
import type { Issue, Link, ScanResult } from '@skill-map/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { EVERY_KIND_PROJECT } from '../src/kernel/testing/every-kind-project.js';
import { isBuilt, runSm } from './support/sm-bin.js';

let tree: TempTree;
let scan: ScanResult;
beforeAll(() => {
  tree = createTempTree('sm-e2e-export-all-');
  tree.write({
    ...EVERY_KIND_PROJECT,
    // A broken link too: the whole graph keeps it (its target is no node).
    'docs/old.md': '# Old\nSee [gone](gone.md).\n',
  });
  const run = runSm(['scan', '--json'], { cwd: tree.root });
  expect(run.code, run.stderr).toBe(1); // the broken link is an error
  scan = JSON.parse(run.stdout) as ScanResult;
});
afterAll(() => tree?.remove());

const linkKey = (l: Link): string => `${l.source} -${l.kind}-> ${l.target}`;
const issueKey = (i: Issue): string => `${i.analyzerId} ${i.message}`;

describe.skipIf(!isBuilt())('sm export with no query (built bin)', () => {
  it('exports the whole graph: every link of the scan, of every link kind, and every issue', () => {
    expect(new Set(scan.links.map((l) => l.kind))).toEqual(new Set(LINK_KINDS));
    for (const argv of [
      ['export', '--json'],
      ['export', '', '--json'],
    ]) {
      const run = runSm(argv, { cwd: tree.root });
      expect(run.code, run.stderr).toBe(0);
      const doc = JSON.parse(run.stdout) as { counts: Record<string, number> } & ScanResult;
      expect(doc.links.map(linkKey).sort()).toEqual(scan.links.map(linkKey).sort());
      expect(doc.nodes.map((n) => n.path)).toEqual(scan.nodes.map((n) => n.path).sort());
      expect(doc.issues.map(issueKey).sort()).toEqual(scan.issues.map(issueKey).sort());
      expect(doc.counts).toEqual({
        nodes: scan.nodes.length,
        links: scan.links.length,
        issues: scan.issues.length,
      });
    }
  });

  it('the md format carries every link too', () => {
    const md = runSm(['export', '--format', 'md'], { cwd: tree.root }).stdout;
    expect(md).toContain(`${scan.nodes.length} nodes, ${scan.links.length} links`);
    for (const kind of LINK_KINDS) expect(md).toContain(`| ${kind} |`);
  });
});
