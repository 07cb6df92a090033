// View contributions in the view-slot catalog's shape, through the real loader, plugin worker, scan and SQLite store:
// an extension's `ui` map is checked when the plugin loads (a slot outside the catalog makes the plugin
// invalid-manifest), each `ctx.emitContribution` payload is checked against its slot's schema when it is emitted, and
// a payload left out is a scan warning naming why, never an issue.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../adapters/index.js';
import { tryOpenScanStoreForRead } from '../../adapters/sqlite/store.js';
import { createTempTree, type TempTree } from '../../adapters/testing/temp-tree.js';
import { writeTrust } from '../../adapters/plugins/trust-store.js';
import { contributionsRegistryOf } from '../../kernel/index.js';
import { runScan } from '../scan/scan-engine.js';
import { loadPlugins } from './load.js';
import { pluginLoadWarnings } from './load-warnings.js';

let tree: TempTree;
afterEach(() => tree?.remove());

/** A project with one trusted plugin `acme` whose analyzer module is `source`; `extra` adds to its plugin.json. */
function project(source: string, extra: Record<string, unknown> = {}) {
  tree = createTempTree('sm-slots-');
  tree.write({
    'README.md': '# Readme\n',
    'notes/a.md': '# A\n',
    '.skill-map/plugins/acme/plugin.json': JSON.stringify({
      id: 'acme',
      version: '1.0.0',
      specCompat: '^1.0.0',
      extensions: ['./ext.mjs'],
      ...extra,
    }),
    '.skill-map/plugins/acme/ext.mjs': source,
  });
  writeTrust(tree.root, 'acme', { version: '1.0.0', source: 'project', trustedAt: 'x' });
  const root = tree.root;
  const config = loadConfig({ projectRoot: root }).merged;
  return loadPlugins({ projectRoot: root, config, env: { SKILL_MAP_USER_PLUGINS: join(root, 'none') } });
}

const analyzer = (ui: string, body: string): string =>
  `const ui = ${ui};\nexport default { kind: 'analyzer', id: 'panels', version: '1', ui,\n` +
  `  evaluate(ctx) { for (const n of ctx.nodes) { ${body} } return []; } };\n`;

function stored(path: string): unknown[] {
  const store = tryOpenScanStoreForRead(join(tree.root, '.skill-map', 'skill-map.db'))!;
  try {
    return store.nodeContributions(path);
  } finally {
    store.close();
  }
}

describe('view slots', () => {
  it('keeps the payloads that fit their slot; each one left out is a warning, never an issue', async () => {
    const loaded = await project(
      analyzer(
        `{ summary: { slot: 'inspector.body.panel.key-values', label: 'Summary' },
           dist: { slot: 'inspector.body.panel.breakdown' }, flag: { slot: 'inspector.header.badge', priority: 5 } }`,
        `ctx.emitContribution(n.path, ui.summary, { pairs: [{ key: 'kind', value: n.kind }] });
         ctx.emitContribution(n.path, 'flag', { label: 'ok' });
         ctx.emitContribution(n.path, ui.dist, { bars: [] });
         ctx.emitContribution(n.path, ui.summary, { pairs: [{ key: 'broken' }] });
         ctx.emitContribution(n.path, { ...ui.dist }, { bars: [{ label: 'x', value: 1 }] });
         ctx.emitContribution('gone.md', ui.flag, { count: 1 });`,
      ),
    );
    expect(loaded.plugins.find((p) => p.id === 'acme')?.status).toBe('enabled');
    expect(contributionsRegistryOf(loaded.registry)).toEqual({
      'acme/summary': {
        pluginId: 'acme',
        slot: 'inspector.body.panel.key-values',
        title: 'Summary',
        extension: 'acme/panels',
      },
      'acme/dist': {
        pluginId: 'acme',
        slot: 'inspector.body.panel.breakdown',
        title: 'dist',
        extension: 'acme/panels',
      },
      'acme/flag': {
        pluginId: 'acme',
        slot: 'inspector.header.badge',
        title: 'flag',
        extension: 'acme/panels',
        priority: 5,
      },
    });
    const out = await runScan({ projectRoot: tree.root, registry: loaded.registry, mode: 'full' });
    expect(out.result.issues).toEqual([]);
    // An empty breakdown stays silent (emitWhenEmpty is false); the off-shape payload, the copy of a ui entry and the
    // unknown node are left out, once per node for the first two.
    expect(stored('README.md')).toEqual([
      { id: 'acme/flag', data: { label: 'ok' } },
      { id: 'acme/summary', data: { pairs: [{ key: 'kind', value: 'markdown' }] } },
    ]);
    const warnings = out.warnings.filter((w) => w.startsWith('extension.error: acme/panels'));
    expect(warnings).toHaveLength(6);
    expect(warnings[0]).toContain(
      "for 'README.md' ('summary') whose payload failed the 'inspector.body.panel.key-values' schema: " +
        "/pairs/0 must have required property 'value'",
    );
    expect(warnings[1]).toContain("for 'README.md' whose object is not one declared in its 'ui' map");
    expect(warnings[2]).toContain("for 'gone.md' ('flag') that names no node of the scan");
  });

  it('a slot outside the catalog makes the plugin invalid-manifest: nothing of it registers, the scan says why', async () => {
    const loaded = await project(
      analyzer(`{ keywords: { slot: 'inspector.header.badge.counter', icon: 'pi-search' } }`, ''),
    );
    const acme = loaded.plugins.find((p) => p.id === 'acme')!;
    expect(acme.status).toBe('invalid-manifest');
    expect(loaded.registry.ofKind('analyzer').some((e) => e.pluginId === 'acme')).toBe(false);
    expect(pluginLoadWarnings(loaded.plugins)).toEqual([
      "plugin acme (invalid-manifest), all extensions skipped: extension 'acme/panels': /ui/keywords/slot is not a " +
        'valid value. See https://github.com/crystian/skill-map/blob/main/spec/view-slots.md for the slot catalog',
    ]);
  });

  it('a counter slot needs an icon, and a ui key may not repeat a plugin.json contribution id', async () => {
    let loaded = await project(analyzer(`{ n: { slot: 'card.footer.left' } }`, ''));
    expect(loaded.plugins.find((p) => p.id === 'acme')?.statusReason).toContain(
      "/ui/n must have required property 'icon'",
    );
    tree.remove();
    loaded = await project(analyzer(`{ size: { slot: 'inspector.body.panel.markdown' } }`, ''), {
      contributions: [{ id: 'size', slot: 'inspector-panel', title: 'Size', render: 'text' }],
    });
    expect(loaded.plugins.find((p) => p.id === 'acme')?.statusReason).toContain(
      '/ui/size repeats a contribution id of the plugin',
    );
  });

  it('plugin.json contributions still load, with a deprecation warning', async () => {
    const loaded = await project(analyzer('undefined', ''), {
      contributions: [{ id: 'size', slot: 'inspector-panel', title: 'Size', render: 'text' }],
    });
    expect(loaded.plugins.find((p) => p.id === 'acme')?.status).toBe('enabled');
    expect(contributionsRegistryOf(loaded.registry)['acme/size']?.render).toBe('text');
    expect(pluginLoadWarnings(loaded.plugins)).toEqual([
      expect.stringMatching(/^plugin acme: view contributions in plugin.json `contributions` are deprecated/),
    ]);
  });
});
