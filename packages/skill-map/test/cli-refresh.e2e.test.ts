// `sm refresh` and `sm enrich` through the BUILT bin: the reference's enrichment verbs, whose report is always the
// zero case here (no enrichment extension ships); each --json document is validated against our schema.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { schemaErrors } from '../src/cli/testing/projects.js';
import { isBuilt, runSm } from './support/sm-bin.js';

let tree: TempTree;
beforeAll(() => {
  tree = createTempTree('sm-e2e-refresh-');
  tree.write({ 'docs/a.md': '# A\n' });
});
afterAll(() => tree?.remove());

describe.skipIf(!isBuilt())('sm refresh / sm enrich through the built bin', () => {
  const sm = (...argv: string[]) => runSm(argv, { cwd: tree.root });

  it('a scanned node: refreshed 0, the node with 0 enrichments, elapsedMs and the done-in line', () => {
    expect(sm('scan').code).toBe(0);
    const refresh = sm('refresh', 'docs/a.md', '--json');
    expect(refresh.code, refresh.stderr).toBe(0);
    const doc = JSON.parse(refresh.stdout) as Record<string, unknown>;
    expect(schemaErrors('refreshReport', [doc])).toEqual([]);
    expect(doc).toMatchObject({
      kind: 'refresh.report',
      refreshed: 0,
      nodes: [{ path: 'docs/a.md', enrichments: 0 }],
    });
    expect(refresh.stderr).toMatch(/done in (\d+ms|\d+\.\d+s)\s*$/);
    const enrich = sm('enrich', 'docs/a.md', '--json');
    const edoc = JSON.parse(enrich.stdout) as Record<string, unknown>;
    expect(schemaErrors('enrichReport', [edoc])).toEqual([]);
    expect(edoc['kind']).toBe('enrich.report');
    expect(schemaErrors('refreshReport', [edoc])).not.toEqual([]);
    const stale = JSON.parse(sm('enrich', '--stale', '--json').stdout) as Record<string, unknown>;
    expect(stale).toMatchObject({ refreshed: 0, nodes: [] });
  });

  it('a path the last scan does not have is not found (5); no path and no --stale is a usage error (2)', () => {
    expect(sm('refresh', 'docs/none.md', '--json').code).toBe(5);
    expect(sm('refresh').code).toBe(2);
    expect(sm('enrich', 'docs/a.md', '--stale').code).toBe(2);
  });
});
