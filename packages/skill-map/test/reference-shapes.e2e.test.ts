// The --json documents the reference's conformance cases read, from the built bin, validated against OUR schemas
// (@skill-map/spec, written from the reference's published ones): plugins doctor, plugins slots list, config list.
// (sm bump's report is covered in src/cli/commands/actions.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpecValidator } from '@skill-map/spec/testing';
import { PluginsRegistrySchema, VIEW_SLOT_NAMES } from '@skill-map/spec';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { isBuilt, runSm } from './support/sm-bin.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are read loosely; shapes are asserted
type Json = Record<string, any>;
const validator = createSpecValidator();
let tree: TempTree;

const sm = (...argv: string[]) =>
  runSm(argv, { cwd: tree.root, env: { SKILL_MAP_USER_PLUGINS: tree.abs('no-user-plugins') } });
const json = (...argv: string[]): { code: number | null; doc: Json } => {
  const run = sm(...argv, '--json');
  return { code: run.code, doc: JSON.parse(run.stdout) as Json };
};

beforeAll(() => {
  if (!isBuilt()) return;
  tree = createTempTree('sm-e2e-shapes-');
  tree.write({
    '.skill-map/settings.json': JSON.stringify({ ignore: ['drafts/**'] }),
    'README.md': '# Project\n',
  });
});
afterAll(() => tree?.remove());

describe.skipIf(!isBuilt())('reference-shaped --json documents', () => {
  it('plugins doctor: the reference report; a plugin whose plugin.json is invalid is an issue and exit 1', () => {
    const healthy = json('plugins', 'doctor');
    expect(healthy.code).toBe(0);
    expect(validator.validate('pluginsDoctor', healthy.doc)).toEqual({ ok: true });
    expect(healthy.doc).toMatchObject({
      ok: true,
      kind: 'plugins.doctor',
      issues: [],
      contributionErrors: [],
    });
    expect(healthy.doc['counts']['enabled']).toBe(healthy.doc['counts']['loaded']);
    expect(healthy.doc['counts']['enabled']).toBeGreaterThan(0);

    tree.write({ '.skill-map/plugins/broken/plugin.json': '{ "id": "broken" ' });
    const broken = json('plugins', 'doctor');
    expect(broken.code).toBe(1);
    expect(validator.validate('pluginsDoctor', broken.doc)).toEqual({ ok: true });
    expect(broken.doc['counts']['invalid']).toBe(1);
    expect(broken.doc['issues']).toEqual([
      { id: 'broken', status: 'invalid-manifest', reason: expect.stringMatching(/\S/) },
    ]);
    // Ours, on --details: the same problem with its fix.
    const details = json('plugins', 'doctor', '--details');
    expect(validator.validate('pluginsDoctorDetails', details.doc)).toEqual({ ok: true });
    expect(details.doc['problems']).toEqual([
      expect.objectContaining({
        id: 'broken',
        status: 'invalid-manifest',
        fix: expect.stringContaining('plugin.json'),
      }),
    ]);
  });

  it('plugins slots list: the view slots and renders a contribution may pick, exactly what the loader accepts', () => {
    const { code, doc } = json('plugins', 'slots', 'list');
    expect(code).toBe(0);
    expect(validator.validate('viewSlots', doc)).toEqual({ ok: true });
    expect(validator.validate('inputTypes', doc)).toEqual({ ok: true });
    const contribution = PluginsRegistrySchema.$defs.ViewContribution.properties;
    // The view-slot catalog a `ui` map picks from, then the two deprecated plugin.json slots.
    expect(doc['slots'].map((s: Json) => s['id'])).toEqual([...VIEW_SLOT_NAMES, ...contribution.slot.enum]);
    expect(doc['renders'].map((r: Json) => r['id'])).toEqual([...contribution.render.enum]);
    expect(sm('plugins', 'slots').code).toBe(2);
    expect(sm('plugins', 'slots', 'list').stdout).toContain('inspector-panel');
  });

  it('config list: the effective settings as one settings document; --sources keeps each key with its layer', () => {
    const { code, doc } = json('config', 'list');
    expect(code).toBe(0);
    expect(validator.validate('projectConfig', doc)).toEqual({ ok: true });
    expect(doc['schemaVersion']).toBe(1);
    expect(doc['ignore']).toEqual(['drafts/**']);
    expect(doc['server']).toEqual({ port: 4242, host: '127.0.0.1' });
    const sources = json('config', 'list', '--sources').doc['items'] as Json[];
    expect(sources.find((e) => e['key'] === 'ignore')).toEqual({
      key: 'ignore',
      value: ['drafts/**'],
      source: 'project',
    });
  });
});
