// The folder layout's kinds/<kind>/kind.json through the real loader: a valid one gives its plugin's provider the
// kind and its ui (kindRegistry); one without `ui` makes the plugin invalid-manifest before any of its code runs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSpecValidator } from '@skill-map/spec/testing';
import { loadConfig } from '../../adapters/index.js';
import { createTempTree, type TempTree } from '../../adapters/testing/temp-tree.js';
import { writeTrust } from '../../adapters/plugins/trust-store.js';
import { kindRegistryOf } from '../../kernel/index.js';
import { runScan } from '../scan/scan-engine.js';
import { loadPlugins } from './load.js';
import { doctorReport } from './manage.js';
import { pluginLoadWarnings } from './load-warnings.js';

const validator = createSpecValidator();
let tree: TempTree;
afterEach(() => tree?.remove());

const PLUGIN = { version: '1.0.0', specCompat: '>=0.0.0' };
const EXT = { version: '1.0.0', description: 'Maps team notes.' };
const TEAM_KIND = {
  ui: { label: 'Team rules', color: '#0891b2', emoji: '📏' },
  identifiers: ['frontmatter.name'],
};

describe('kinds/<kind>/kind.json of a folder-layout plugin', () => {
  it('gives a provider that declares no kinds its plugin’s kinds, ui included; a kind.json without ui rejects its plugin', async () => {
    tree = createTempTree('sm-kinds-');
    const marker = join(tree.root, 'MARKER');
    tree.write({
      'rules/style.md': '# Style\n',
      '.skill-map/plugins/team/plugin.json': JSON.stringify(PLUGIN),
      '.skill-map/plugins/team/kinds/rule/kind.json': JSON.stringify(TEAM_KIND),
      '.skill-map/plugins/team/providers/notes/extension.json': JSON.stringify(EXT),
      '.skill-map/plugins/team/providers/notes/index.js':
        "export default { classify: (p) => (p.startsWith('rules/') ? 'rule' : null) };\n",
      '.skill-map/plugins/bad/plugin.json': JSON.stringify(PLUGIN),
      '.skill-map/plugins/bad/kinds/markdown/kind.json': JSON.stringify({ identifiers: ['dirname'] }),
      '.skill-map/plugins/bad/providers/bad/extension.json': JSON.stringify(EXT),
      '.skill-map/plugins/bad/providers/bad/index.js': `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'x');\nexport default { classify: () => 'markdown' };\n`,
    });
    for (const id of ['team', 'bad'])
      writeTrust(tree.root, id, { version: '1.0.0', source: 'project', trustedAt: 'x' });
    const env = { SKILL_MAP_USER_PLUGINS: join(tree.root, 'none') };
    const config = loadConfig({ projectRoot: tree.root }).merged;
    const { registry, plugins } = await loadPlugins({ projectRoot: tree.root, config, env, builtIns: false });

    const bad = plugins.find((p) => p.id === 'bad')!;
    const reason =
      "kinds/markdown/kind.json does not match the provider-kind schema: / must have required property 'ui'";
    expect([bad.status, bad.statusReason]).toEqual(['invalid-manifest', reason]);
    expect(pluginLoadWarnings(plugins)).toEqual([
      `plugin bad (invalid-manifest), all extensions skipped: ${reason}`,
    ]);
    expect(doctorReport(plugins).problems.find((x) => x.id === 'bad')?.fix).toContain('kind.json');
    expect(existsSync(marker)).toBe(false);

    expect(plugins.find((p) => p.id === 'team')?.status).toBe('enabled');
    expect(kindRegistryOf(registry)).toEqual({
      rule: { providerId: 'team/notes', label: 'Team rules', color: '#0891b2', emoji: '📏' },
    });
    const result = (await runScan({ projectRoot: tree.root, registry, persist: false })).result;
    expect(result.nodes.find((n) => n.path === 'rules/style.md')).toMatchObject({
      kind: 'rule',
      provider: 'team/notes',
    });

    const kindJson = (plugin: string, kind: string): unknown =>
      JSON.parse(readFileSync(tree.abs(`.skill-map/plugins/${plugin}/kinds/${kind}/kind.json`), 'utf8'));
    expect(validator.validate('providerKind', kindJson('team', 'rule'))).toEqual({ ok: true });
    expect(validator.validate('providerKind', kindJson('bad', 'markdown')).ok).toBe(false);
  });
});
