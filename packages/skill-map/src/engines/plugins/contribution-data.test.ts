// View-contribution data through the real loader, scan and SQLite store: a plugin analyzer's payloads are checked
// against what its manifest declares (contribution, node kind, render shape), kept with the scan per node, replaced
// by the next scan and dropped once the plugin is off; a bad payload costs one issue, never the scan.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../adapters/index.js';
import { tryOpenScanStoreForRead } from '../../adapters/sqlite/store.js';
import { createTempTree, type TempTree } from '../../adapters/testing/temp-tree.js';
import { writeTrust } from '../../adapters/plugins/trust-store.js';
import { runScan } from '../scan/scan-engine.js';
import { loadPlugins } from './load.js';
import { setPluginEnabled } from './manage.js';

let tree: TempTree;
afterEach(() => tree?.remove());

const contributions = [
  { id: 'size', slot: 'inspector-panel', title: 'Size', render: 'key-value' },
  { id: 'summary', slot: 'inspector-panel', title: 'Summary', render: 'text', kinds: ['note'] },
  { id: 'headings', slot: 'inspector-panel', title: 'Headings', render: 'list' },
];

/** An analyzer answering `{ issues, contributions }`: `payloads` is its contributions list (JS source). */
function project(payloads: string): { root: string; env: NodeJS.ProcessEnv } {
  tree = createTempTree('sm-contrib-');
  tree.write({
    'README.md': '# Readme\n\nHello.\n',
    'notes/a.md': '# A\n',
    '.skill-map/plugins/acme/plugin.json': JSON.stringify({
      id: 'acme',
      version: '1.0.0',
      specCompat: '^1.0.0',
      extensions: ['./ext.mjs'],
      contributions,
    }),
    '.skill-map/plugins/acme/ext.mjs':
      `export default { kind: 'analyzer', id: 'panels', version: '1',\n` +
      `  evaluate: ({ nodes }) => ({ issues: [], contributions: ${payloads} }) };\n`,
  });
  writeTrust(tree.root, 'acme', { version: '1.0.0', source: 'project', trustedAt: 'x' });
  return { root: tree.root, env: { SKILL_MAP_USER_PLUGINS: join(tree.root, 'user-plugins') } };
}

async function scan(p: { root: string; env: NodeJS.ProcessEnv }) {
  const config = loadConfig({ projectRoot: p.root }).merged;
  const { registry } = await loadPlugins({ projectRoot: p.root, config, env: p.env });
  return (await runScan({ projectRoot: p.root, registry, mode: 'full' })).result;
}

function stored(root: string, path: string): unknown[] {
  const store = tryOpenScanStoreForRead(join(root, '.skill-map', 'skill-map.db'))!;
  try {
    return store.nodeContributions(path);
  } finally {
    store.close();
  }
}

describe('view contribution data', () => {
  it('valid payloads are kept per node with the scan; each bad one is left out, one issue for the answer', async () => {
    const p = project(`[
      { id: 'size', nodeId: 'README.md', data: { bytes: 17, described: false } },
      { id: 'headings', nodeId: 'README.md', data: ['Readme'] },
      { id: 'size', nodeId: 'README.md', data: '<b>not an object</b>' },
      { id: 'summary', nodeId: 'README.md', data: 'README is not a note' },
      { id: 'nope', nodeId: 'README.md', data: 'x' },
      { id: 'headings', nodeId: 'gone.md', data: [] },
      { id: 'headings', nodeId: 'notes/a.md', data: [{ nested: true }] },
    ]`);
    const result = await scan(p);
    expect(result.nodes.map((n) => n.path)).toEqual(['README.md', 'notes/a.md']);
    const faults = result.issues.filter((i) => i.analyzerId === 'extension-error');
    expect(faults).toHaveLength(1);
    expect(faults[0]!.data?.['extension']).toBe('acme/panels');
    expect(faults[0]!.message).toMatch(/index 2 does not fit 'size': key-value needs an object/);
    for (const [index, why] of [
      [3, "is for a markdown node, 'summary' applies to note"],
      [4, 'names no declared contribution ("nope")'],
      [5, 'names no node ("gone.md")'],
      [6, "does not fit 'headings': list needs an array"],
    ] as const)
      expect(String(faults[0]!.data?.['error'])).toContain(`index ${index} ${why}`);
    expect(stored(p.root, 'README.md')).toEqual([
      { id: 'acme/headings', data: ['Readme'] },
      { id: 'acme/size', data: { bytes: 17, described: false } },
    ]);
    expect(stored(p.root, 'notes/a.md')).toEqual([]);
  });

  it('the next scan replaces them; a disabled plugin loses its own', async () => {
    const p = project(`nodes.map((n) => ({ id: 'headings', nodeId: n.path, data: [n.path] }))`);
    await scan(p);
    expect(stored(p.root, 'notes/a.md')).toEqual([{ id: 'acme/headings', data: ['notes/a.md'] }]);
    tree.write({ 'notes/a.md': '# A again\n', 'notes/b.md': '# B\n' });
    await scan(p);
    expect(stored(p.root, 'notes/b.md')).toEqual([{ id: 'acme/headings', data: ['notes/b.md'] }]);
    await setPluginEnabled({ projectRoot: p.root, env: p.env }, 'acme', false);
    await scan(p);
    expect(stored(p.root, 'notes/a.md')).toEqual([]);
    expect(stored(p.root, 'README.md')).toEqual([]);
  });
});
