// Drop-in plugins through the real loader, on real folders: trust gates the import, the cascade switches plugins
// off, and a plugin's faults cost its own answers, never the scan.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSpecValidator } from '@skill-map/spec/testing';
import { loadConfig } from '../../adapters/index.js';
import { createTempTree, type TempTree } from '../../adapters/testing/temp-tree.js';
import { writeTrust } from '../../adapters/plugins/trust-store.js';
import { runScan } from '../scan/scan-engine.js';
import { contributionsRegistryOf, kindRegistryOf } from '../../kernel/index.js';
import { loadPlugins } from './load.js';
import {
  doctorReport,
  listPlugins,
  referenceDoctorReport,
  setPluginEnabled,
  setPluginTrust,
} from './manage.js';

const validator = createSpecValidator();
let tree: TempTree;
afterEach(() => tree?.remove());

const manifest = (id: string, extra: Record<string, unknown> = {}): string =>
  JSON.stringify({ id, version: '1.0.0', specCompat: '^1.0.0', extensions: ['./ext.mjs'], ...extra });

/** A provider module that leaves a marker file when it is imported. */
const markingProvider = (marker: string): string =>
  `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'imported');\n` +
  `export default { kind: 'provider', id: 'rules', version: '1.0.0', kinds: ['rule'],\n` +
  `  classify: (p) => (p.startsWith('rules/') ? 'rule' : null) };\n`;

function project(plugins: Record<string, string>): { root: string; env: NodeJS.ProcessEnv } {
  tree = createTempTree('sm-plugins-');
  tree.write({ 'rules/style.md': '# Style\n', 'README.md': '# Readme\n', ...plugins });
  return { root: tree.root, env: { SKILL_MAP_USER_PLUGINS: join(tree.root, 'user-plugins') } };
}

const scan = async (root: string, env: NodeJS.ProcessEnv) => {
  const config = loadConfig({ projectRoot: root }).merged;
  const { registry } = await loadPlugins({ projectRoot: root, config, env });
  return (await runScan({ projectRoot: root, registry, persist: false })).result;
};

describe('drop-in plugins', () => {
  it('an untrusted plugin is never imported: its module never ran, and the scan maps nothing of it', async () => {
    const p = project({});
    const m = join(p.root, 'MARKER');
    tree.write({
      '.skill-map/plugins/acme/plugin.json': manifest('acme'),
      '.skill-map/plugins/acme/ext.mjs': markingProvider(m),
    });
    const plugins = await listPlugins({ projectRoot: p.root, env: p.env });
    const acme = plugins.find((x) => x.id === 'acme')!;
    expect(acme.status).toBe('untrusted');
    expect(acme.statusReason).toContain('sm plugins trust acme');
    const result = await scan(p.root, p.env);
    expect(result.nodes.find((n) => n.path === 'rules/style.md')?.provider).toBe('core/markdown');
    expect(existsSync(m)).toBe(false);
    const doctor = doctorReport(plugins);
    expect(validator.validate('pluginsDoctorDetails', doctor)).toEqual({ ok: true });
    expect(doctor.problems.map((x) => [x.id, x.status])).toEqual([['acme', 'untrusted']]);
    expect(validator.validate('pluginsRegistry', { schemaVersion: 1, plugins })).toEqual({ ok: true });
  });

  it('trusted at its version, it loads and maps; a new version is untrusted again; disabled, it is gone', async () => {
    const p = project({});
    const m = join(p.root, 'MARKER');
    tree.write({
      '.skill-map/plugins/acme/plugin.json': manifest('acme'),
      '.skill-map/plugins/acme/ext.mjs': markingProvider(m),
    });
    const trusted = await setPluginTrust({ projectRoot: p.root, env: p.env }, 'acme', true);
    expect(trusted.status).toBe('enabled');
    expect(trusted.extensions.map((e) => [e.id, e.kind, e.enabled])).toEqual([
      ['acme/rules', 'provider', true],
    ]);
    expect(existsSync(m)).toBe(true);
    const result = await scan(p.root, p.env);
    expect(result.nodes.find((n) => n.path === 'rules/style.md')).toMatchObject({
      kind: 'rule',
      provider: 'acme/rules',
    });
    tree.write({ '.skill-map/plugins/acme/plugin.json': manifest('acme', { version: '1.1.0' }) });
    expect(
      (await listPlugins({ projectRoot: p.root, env: p.env })).find((x) => x.id === 'acme')?.status,
    ).toBe('untrusted');
    tree.write({ '.skill-map/plugins/acme/plugin.json': manifest('acme') });
    const off = await setPluginEnabled({ projectRoot: p.root, env: p.env }, 'acme', false);
    expect(off.status).toBe('disabled');
    expect((await scan(p.root, p.env)).nodes.find((n) => n.path === 'rules/style.md')?.provider).toBe(
      'core/markdown',
    );
  });

  it('names invalid manifests, incompatible specs, load errors and id collisions (doctor fails)', async () => {
    const p = project({
      '.skill-map/plugins/broken/plugin.json': '{ "id": "broken", ',
      '.skill-map/plugins/old/plugin.json': manifest('old', { specCompat: '^0.3.0' }),
      '.skill-map/plugins/old/ext.mjs': 'export default {};\n',
      '.skill-map/plugins/crash/plugin.json': manifest('crash'),
      '.skill-map/plugins/crash/ext.mjs': "throw new Error('boom at import');\n",
      'user-plugins/crash/plugin.json': manifest('crash'),
    });
    for (const id of ['old', 'crash'])
      writeTrust(p.root, id, { version: '1.0.0', source: 'project', trustedAt: 'x' });
    const plugins = await listPlugins({ projectRoot: p.root, env: p.env });
    const by = (id: string, source = 'project') => plugins.find((x) => x.id === id && x.source === source)!;
    expect(by('broken').status).toBe('invalid-manifest');
    expect(by('old').status).toBe('incompatible-spec');
    expect(by('crash').status).toBe('load-error');
    expect(by('crash').statusReason).toContain('boom at import');
    expect(by('crash', 'user').status).toBe('id-collision');
    const doctor = doctorReport(plugins);
    expect(doctor.ok).toBe(false);
    expect(validator.validate('pluginsDoctorDetails', doctor)).toEqual({ ok: true });
    expect(validator.validate('pluginsRegistry', { schemaVersion: 1, plugins })).toEqual({ ok: true });
    // The reference's report: the four failures as issues, collisions counted with the load errors.
    const report = { ...referenceDoctorReport(plugins), elapsedMs: 0 };
    expect(validator.validate('pluginsDoctor', report)).toEqual({ ok: true });
    expect(report.issues.map((i) => [i.id, i.status])).toEqual(
      expect.arrayContaining([
        ['broken', 'invalid-manifest'],
        ['old', 'incompatible-spec'],
        ['crash', 'load-error'],
        ['crash', 'id-collision'],
      ]),
    );
    expect(report.counts).toMatchObject({ invalid: 1, incompatible: 1, loadError: 2 });
  });

  it('a provider that never answers is stopped at the time limit: one issue, the file still mapped, the scan done', async () => {
    const p = project({
      '.skill-map/plugins/slow/plugin.json': manifest('slow'),
      '.skill-map/plugins/slow/ext.mjs':
        "export default { kind: 'provider', id: 'slow', version: '1', kinds: ['rule'], classify: (p) => { if (p === 'README.md') for (;;) {} return null; } };\n",
    });
    writeTrust(p.root, 'slow', { version: '1.0.0', source: 'project', trustedAt: 'x' });
    const env = { ...p.env, SKILL_MAP_PLUGIN_TIMEOUT_MS: '300' };
    const slow = (await listPlugins({ projectRoot: p.root, env })).find((x) => x.id === 'slow');
    expect([slow?.status, slow?.statusReason]).toEqual(['enabled', null]);
    const result = await scan(p.root, env);
    expect(result.nodes.map((n) => [n.path, n.provider])).toEqual([
      ['README.md', 'core/markdown'],
      ['rules/style.md', 'core/markdown'],
    ]);
    const faults = result.issues.filter((i) => i.analyzerId === 'extension-error');
    expect(faults.map((i) => [i.data?.['extension'], i.nodeIds])).toEqual([['slow/slow', ['README.md']]]);
    expect(faults[0]!.message).toContain('did not answer within 300 ms');
  });

  it('a provider that throws or answers a foreign kind, and an analyzer that throws, cost one issue each', async () => {
    const p = project({
      '.skill-map/plugins/bad/plugin.json': JSON.stringify({
        id: 'bad',
        version: '1.0.0',
        specCompat: '^1.0.0',
        extensions: ['./throws.mjs', './wrong-kind.mjs', './analyzer.mjs'],
      }),
      '.skill-map/plugins/bad/throws.mjs':
        "export default { kind: 'provider', id: 'throws', version: '1', kinds: ['rule'], classify: (p) => { if (p === 'README.md') throw new Error('nope'); return null; } };\n",
      '.skill-map/plugins/bad/wrong-kind.mjs':
        "export default { kind: 'provider', id: 'wrong', version: '1', kinds: ['rule'], classify: (p) => (p.startsWith('rules/') ? 'widget' : null) };\n",
      '.skill-map/plugins/bad/analyzer.mjs':
        "export default { kind: 'analyzer', id: 'crashy', version: '1', evaluate: () => { throw new Error('kaboom'); } };\n",
    });
    writeTrust(p.root, 'bad', { version: '1.0.0', source: 'project', trustedAt: 'x' });
    const result = await scan(p.root, p.env);
    // Both files are still mapped (by core/markdown), each fault is one issue naming its extension.
    expect(result.nodes.map((n) => [n.path, n.provider])).toEqual([
      ['README.md', 'core/markdown'],
      ['rules/style.md', 'core/markdown'],
    ]);
    const faults = result.issues.filter((i) => i.analyzerId === 'extension-error');
    expect(faults.map((i) => [i.data?.['extension'], i.nodeIds])).toEqual([
      ['bad/crashy', []],
      ['bad/throws', ['README.md']],
      ['bad/wrong', ['rules/style.md']],
    ]);
    for (const i of result.issues) expect(validator.validate('issue', i)).toEqual({ ok: true });
  });

  it("a provider's kinds map carries each kind's ui into kindRegistry; a kind without ui is a load error", async () => {
    const p = project({
      '.skill-map/plugins/notes/plugin.json': manifest('notes'),
      '.skill-map/plugins/notes/ext.mjs':
        "export default { kind: 'provider', id: 'notes', version: '1', kinds: { rule: { ui: { label: 'Team notes', color: '#112233', icon: { kind: 'pi', id: 'pi-book' } } } }, classify: (p) => (p.startsWith('rules/') ? 'rule' : null) };\n",
      '.skill-map/plugins/noui/plugin.json': manifest('noui'),
      '.skill-map/plugins/noui/ext.mjs':
        "export default { kind: 'provider', id: 'noui', version: '1', kinds: { skill: { schema: './s.json' } }, classify: () => null };\n",
    });
    for (const id of ['notes', 'noui'])
      writeTrust(p.root, id, { version: '1.0.0', source: 'project', trustedAt: 'x' });
    const config = loadConfig({ projectRoot: p.root }).merged;
    const { registry, plugins } = await loadPlugins({
      projectRoot: p.root,
      config,
      env: p.env,
      builtIns: false,
    });
    const noui = plugins.find((x) => x.id === 'noui')!;
    expect([noui.status, noui.statusReason]).toEqual([
      'load-error',
      "provider 'noui/noui': kinds.skill: must have required property 'ui'",
    ]);
    expect(kindRegistryOf(registry)).toEqual({
      rule: {
        providerId: 'notes/notes',
        label: 'Team notes',
        color: '#112233',
        icon: { kind: 'pi', id: 'pi-book' },
      },
    });
    expect((await scan(p.root, p.env)).nodes.find((n) => n.path === 'rules/style.md')?.provider).toBe(
      'notes/notes',
    );
  });

  it('view contributions: each checked on its own; an invalid one is one doctor finding, the rest load', async () => {
    const contributions = [
      {
        id: 'prompt-stats',
        slot: 'inspector-panel',
        title: 'Prompt stats',
        render: 'key-value',
        kinds: ['command'],
      },
      { id: 'raw-html', slot: 'sidebar', title: 'Raw', render: 'html' },
      { id: 'prompt-stats', slot: 'node-badge', title: 'Again', render: 'text' },
    ];
    const p = project({
      '.skill-map/plugins/acme/plugin.json': manifest('acme', { contributions }),
      '.skill-map/plugins/acme/ext.mjs':
        "export default { kind: 'provider', id: 'rules', version: '1', kinds: ['rule'], classify: () => null };\n",
    });
    const config = loadConfig({ projectRoot: p.root }).merged;
    // Untrusted: nothing of it is in the registry.
    expect(
      contributionsRegistryOf((await loadPlugins({ projectRoot: p.root, config, env: p.env })).registry),
    ).toEqual({});
    writeTrust(p.root, 'acme', { version: '1.0.0', source: 'project', trustedAt: 'x' });
    const { registry, plugins } = await loadPlugins({ projectRoot: p.root, config, env: p.env });
    const acme = plugins.find((x) => x.id === 'acme')!;
    expect(acme.status).toBe('enabled');
    expect(acme.contributionErrors).toEqual([
      expect.stringMatching(
        /^view contribution 1 'raw-html' is invalid: \/slot must be equal to one of the allowed values/,
      ),
      "view contribution 2 'prompt-stats' repeats an id",
    ]);
    expect(contributionsRegistryOf(registry)).toEqual({
      'acme/prompt-stats': {
        pluginId: 'acme',
        slot: 'inspector-panel',
        title: 'Prompt stats',
        render: 'key-value',
        kinds: ['command'],
      },
    });
    const doctor = doctorReport(plugins);
    expect(validator.validate('pluginsDoctorDetails', doctor)).toEqual({ ok: true });
    expect(validator.validate('pluginsRegistry', { schemaVersion: 1, plugins })).toEqual({ ok: true });
    expect(doctor.ok).toBe(false);
    expect(doctor.problems.map((x) => [x.id, x.status, x.reason])).toEqual(
      acme.contributionErrors!.map((reason) => ['acme', 'enabled', reason]),
    );
    expect(validator.validate('viewContribution', contributions[0])).toEqual({ ok: true });
  });
});
