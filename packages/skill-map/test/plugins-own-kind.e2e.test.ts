// A drop-in plugin with a node kind of its own, an extractor, a hook and a formatter in the reference's form, through
// the BUILT bin: its nodes and links come out of `sm scan`, `kind=<its kind>` filters `sm list` (a typo of it is
// refused naming it), its formatter answers `sm graph --format <folder>`, and its hook is told of the scan.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { isBuilt, runSm } from './support/sm-bin.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are read loosely; shapes are asserted
type Json = Record<string, any>;
const DIR = '.skill-map/plugins/notes';
const ext = (description: string): string => JSON.stringify({ version: '1.0.0', description });
let tree: TempTree;

const sm = (...argv: string[]) => runSm(argv, { cwd: tree.root, env: { SKILL_MAP_USER_PLUGINS: 'none' } });

beforeAll(() => {
  tree = createTempTree('sm-e2e-own-kind-');
  tree.write({
    'notes/a.note.md': '# A\n\nSee also: b\n',
    'notes/b.note.md': '# B\n',
    'README.md': '# Readme\n',
    [`${DIR}/plugin.json`]: JSON.stringify({ version: '1.0.0', specCompat: '>=0.0.0' }),
    [`${DIR}/kinds/note/kind.json`]: JSON.stringify({ ui: { label: 'Notes', color: '#0891b2' } }),
    [`${DIR}/providers/notes/extension.json`]: ext('Maps notes.'),
    [`${DIR}/providers/notes/index.js`]:
      "export default { classify: (p) => (p.endsWith('.note.md') ? 'note' : null) };\n",
    [`${DIR}/extractors/see-also/extension.json`]: ext('See-also links.'),
    [`${DIR}/extractors/see-also/index.js`]:
      "export default { scope: 'body', extract(ctx) { const m = /See also: (\\w+)/.exec(ctx.body); if (m) ctx.emitLink({ target: `./${m[1]}.note.md` }); } };\n",
    [`${DIR}/formatters/paths/extension.json`]: ext('One path per line.'),
    [`${DIR}/formatters/paths/index.js`]:
      "export default { format: (g) => g.nodes.map((n) => `${n.kind} ${n.path}`).join('\\n') + '\\n' };\n",
    [`${DIR}/hooks/tell/extension.json`]: ext('Writes the scan counts.'),
    [`${DIR}/hooks/tell/index.js`]:
      "import { writeFileSync } from 'node:fs';\nexport default { triggers: ['scan.completed'], on: ({ payload }) => writeFileSync('told.json', JSON.stringify(payload)) };\n",
  });
});
afterAll(() => tree?.remove());

describe.skipIf(!isBuilt())("a plugin's own node kind", () => {
  it('maps, links, filters, formats and tells through the bin', () => {
    expect(sm('plugins', 'trust', 'notes').code).toBe(0);
    const scan = JSON.parse(sm('scan', '--json').stdout) as Json;
    expect(scan['nodes'].map((n: Json) => [n['path'], n['kind']])).toEqual([
      ['README.md', 'markdown'],
      ['notes/a.note.md', 'note'],
      ['notes/b.note.md', 'note'],
    ]);
    expect(scan['links'].map((l: Json) => [l['source'], l['resolvedTarget'], l['sources']])).toEqual([
      ['notes/a.note.md', 'notes/b.note.md', ['see-also']],
    ]);
    expect(existsSync(join(tree.root, 'told.json'))).toBe(true);
    expect(JSON.parse(readFileSync(join(tree.root, 'told.json'), 'utf8'))).toMatchObject({
      nodes: 3,
      links: 1,
    });

    const list = JSON.parse(sm('list', 'kind=note', '--json').stdout) as Json;
    expect(list['items'].map((n: Json) => n['path'])).toEqual(['notes/a.note.md', 'notes/b.note.md']);
    const typo = sm('list', 'kind=notes');
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("'notes' is not a known kind; did you mean 'note'?");

    const graph = sm('graph', '--format', 'paths');
    expect([graph.code, graph.stdout]).toEqual([
      0,
      'markdown README.md\nnote notes/a.note.md\nnote notes/b.note.md\n',
    ]);
  });
});
