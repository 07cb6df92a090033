import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createTempTree } from '../../testing/temp-tree.js';
import type { TempTree } from '../../testing/temp-tree.js';
import { openDatabase } from '../open-database.js';
import type { DbHandle } from '../open-database.js';
import { SAFETY_LANE_EXTENSION } from './port.js';
import type { FindingProvenance } from './port.js';
import { createFindingsWriteThrough } from './write-through.js';

const NODE = 'docs/notes.md';
const P: FindingProvenance = {
  extensionVersion: '1.0.0',
  model: 'm',
  bodyHash: 'b',
  generatedAt: 1,
  jobId: 'd-1',
};
const f = (type: string) => ({ type, severity: 'warn' as const, message: type });

let tree: TempTree;
let s: DbHandle;
beforeEach(() => {
  tree = createTempTree('sm-findings-wt-');
  s = openDatabase({ path: join(tree.root, '.skill-map', 'skill-map.db'), posture: 'write', create: true });
});
afterEach(() => {
  s.close();
  tree.remove();
});

const rows = () =>
  s.db
    .prepare(`SELECT node_id, extension_id, origin, type, resolution FROM state_findings ORDER BY id`)
    .all();

describe('FindingsWriteThrough', () => {
  it('replaceForExtension deletes every prior row of (node, extension), both origins, and inserts the new ones', () => {
    const w = createFindingsWriteThrough(s.db);
    w.replaceForExtension(NODE, 'x/finder', [f('a'), f('b')], P);
    w.replaceForExtension('other.md', 'x/finder', [f('keep')], P);
    s.db.prepare(`UPDATE state_findings SET origin = 'kernel' WHERE type = 'b'`).run();
    const ids = w.replaceForExtension(NODE, 'x/finder', [f('c')], P);
    expect(ids).toHaveLength(1);
    expect(rows()).toEqual([
      { node_id: 'other.md', extension_id: 'x/finder', origin: 'extension', type: 'keep', resolution: null },
      { node_id: NODE, extension_id: 'x/finder', origin: 'extension', type: 'c', resolution: null },
    ]);
    w.replaceForExtension(NODE, 'x/finder', [], P);
    expect(rows()).toHaveLength(1);
  });

  it('replaceSafetyLane replaces only the node’s kernel safety rows', () => {
    const w = createFindingsWriteThrough(s.db);
    w.replaceForExtension(NODE, 'x/finder', [f('a')], P);
    w.replaceSafetyLane(NODE, [f('injection-detected')], P);
    w.replaceSafetyLane(NODE, [f('content-suspicious')], P);
    expect(rows()).toEqual([
      { node_id: NODE, extension_id: 'x/finder', origin: 'extension', type: 'a', resolution: null },
      {
        node_id: NODE,
        extension_id: SAFETY_LANE_EXTENSION,
        origin: 'kernel',
        type: 'content-suspicious',
        resolution: null,
      },
    ]);
  });

  it('stamps resolutions only on open rows of the node and of the named analyzers; openFindings sees what is left', () => {
    const w = createFindingsWriteThrough(s.db);
    const [a, b] = w.replaceForExtension(NODE, 'x/finder', [f('a'), f('b')], P) as [number, number];
    const [other] = w.replaceForExtension(NODE, 'y/finder', [f('o')], P) as [number];
    const [elsewhere] = w.replaceForExtension('other.md', 'x/finder', [f('e')], P) as [number];
    const resolve = (id: number) => ({ id, state: 'fixed' as const, note: 'done' });
    expect(
      w.stampFixerResolutions(
        NODE,
        'x/fixer',
        ['x/finder'],
        [resolve(a), resolve(other), resolve(elsewhere)],
        5,
      ),
    ).toBe(1);
    expect(w.stampFixerResolutions(NODE, 'x/fixer', ['x/finder'], [resolve(a)], 6)).toBe(0); // already closed
    expect(w.openFindings(NODE, ['x/finder']).map((r) => r.id)).toEqual([b]);
    expect(w.openFindings(NODE, ['x/finder', 'y/finder'], [a, other]).map((r) => r.id)).toEqual([other]);
    expect(w.openFindings(NODE, [])).toEqual([]);
    const stamped = s.db
      .prepare(
        `SELECT resolution_actor, resolution_by, resolution_note, resolution_at FROM state_findings WHERE id = ?`,
      )
      .get(a);
    expect(stamped).toEqual({
      resolution_actor: 'fixer',
      resolution_by: 'x/fixer',
      resolution_note: 'done',
      resolution_at: 5,
    });
  });
});
