// The reference's plugin layout through the BUILT bin: plugin.json without id or extensions, each extension a
// `<kind-plural>/<name>/` folder with extension.json and index.js. Behind the same trust gate as ours; an
// extension its extension.json ships switched off (experimental) is never imported until the operator enables it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpecValidator } from '@skill-map/spec/testing';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { isBuilt, runSm } from './support/sm-bin.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are read loosely; shapes are asserted
type Json = Record<string, any>;
const validator = createSpecValidator();
const DIR = '.skill-map/plugins/notes-lint';
let tree: TempTree;

const sm = (...argv: string[]) => runSm(argv, { cwd: tree.root, env: { SKILL_MAP_USER_PLUGINS: 'none' } });
const json = (...argv: string[]): Json => JSON.parse(sm(...argv, '--json').stdout) as Json;

beforeAll(() => {
  tree = createTempTree('sm-e2e-folder-plugin-');
  tree.write({
    'notes/a.md': '# A\n',
    [`${DIR}/plugin.json`]: JSON.stringify({ version: '1.2.0', specCompat: '>=0.0.0', catalogCompat: '*' }),
    [`${DIR}/analyzers/untitled/extension.json`]: JSON.stringify({
      version: '1.0.0',
      description: 'Flags a note without frontmatter.',
    }),
    // id, kind and version come from the folder and extension.json: the module declares only what it does.
    [`${DIR}/analyzers/untitled/index.js`]:
      "export default { evaluate: ({ nodes }) => nodes.map((n) => ({ severity: 'info', message: 'no frontmatter', nodeIds: [n.path] })) };\n",
    [`${DIR}/analyzers/boom/extension.json`]: JSON.stringify({
      version: '0.1.0',
      description: 'Throws at import; ships experimental.',
      stability: 'experimental',
    }),
    [`${DIR}/analyzers/boom/index.js`]: "throw new Error('the experimental module was imported');\n",
  });
});
afterAll(() => tree?.remove());

describe.skipIf(!isBuilt())('a plugin in the reference folder layout', () => {
  it('untrusted: listed under its folder name, nothing imported', () => {
    const p = json('plugins', 'list', 'notes-lint');
    expect([p['id'], p['status'], p['version']]).toEqual(['notes-lint', 'untrusted', '1.2.0']);
    expect(validator.validate('pluginManifest', p['manifest'])).toEqual({ ok: true });
  });

  it('trusted: the stable analyzer runs under its qualified id; the experimental one is listed, never imported', () => {
    expect(sm('plugins', 'trust', 'notes-lint').code).toBe(0);
    const p = json('plugins', 'list', 'notes-lint');
    expect(p['status']).toBe('enabled');
    expect(p['extensions'].map((e: Json) => [e['id'], e['kind'], e['version']])).toEqual([
      ['notes-lint/untitled', 'analyzer', '1.0.0'],
    ]);
    expect(p['unloadedExtensions']).toEqual([
      { id: 'boom', kind: 'analyzer', stability: 'experimental', reason: 'extension-disabled' },
    ]);
    expect(validator.validate('pluginsRegistry', json('plugins', 'list'))).toEqual({ ok: true });
    for (const ext of ['untitled', 'boom'])
      expect(
        validator.validate(
          'extensionManifest',
          JSON.parse(readFileSync(join(tree.root, DIR, 'analyzers', ext, 'extension.json'), 'utf8')),
        ),
      ).toEqual({ ok: true });
    const scan = json('scan');
    expect(scan['issues'].map((i: Json) => [i['analyzerId'], i['nodeIds']])).toContainEqual([
      'untitled',
      ['notes/a.md'],
    ]);
  });

  it('the operator enables the experimental one: now it is imported (and its throw is the plugin load error)', () => {
    expect(sm('plugins', 'enable', 'notes-lint/boom').code).toBe(0);
    const p = json('plugins', 'list', 'notes-lint');
    expect(p['status']).toBe('load-error');
    expect(p['statusReason']).toContain('the experimental module was imported');
    expect(p['unloadedExtensions']).toEqual([]);
  });

  it('a folder without extension.json makes the manifest invalid, naming the folder', () => {
    tree.write({ [`${DIR}/formatters/csv/index.js`]: 'export default {};\n' });
    const p = json('plugins', 'list', 'notes-lint');
    expect(p['status']).toBe('invalid-manifest');
    expect(p['statusReason']).toContain('formatters/csv/extension.json is missing');
  });
});
