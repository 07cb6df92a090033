import { writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { runScan } from '../scan/scan-engine.js';
import type { EngineContext } from '../context.js';
import { isEngineError } from '../errors.js';
import { createSidecarCurator } from './curator.js';
import { deepMerge } from './deep-merge.js';
import type { Consent } from './port.js';
import { createCuratorProject, NODE, SIDECAR, type CuratorProject } from './testing/curator-project.js';

let project: CuratorProject;
let tree: TempTree;
let ctx: EngineContext;
beforeEach(async () => {
  project = await createCuratorProject();
  ({ tree, ctx } = project);
});
afterEach(() => project.remove());

const read = (rel: string): string | null => project.read(rel);
const curate = (
  consent: Consent,
  change: (a: Record<string, unknown>) => Record<string, unknown> | null,
  node = NODE,
) => project.curate(consent, change, node);

const patch = (consent: Consent, p: Record<string, unknown>) =>
  project.writing((curator, session) => curator.applyPatch(session, NODE, consent, p));

async function refusal(p: Promise<unknown>): Promise<{ code: string; key: unknown }> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isEngineError(err)) throw new Error(`expected an EngineError, got ${String(err)}`);
  return { code: err.code, key: err.details?.['key'] };
}

const tag = (a: Record<string, unknown>) => ({ ...a, tags: ['x'] });

describe('consent gate (spec §8 order)', () => {
  it('refuses without consent, naming allowEditSmFiles, and writes nothing', async () => {
    expect(await refusal(curate({}, tag))).toEqual({ code: 'consent-required', key: 'allowEditSmFiles' });
    expect(read(SIDECAR)).toBeNull();
  });

  it('confirm is one-shot: nothing persisted, the next write needs consent again', async () => {
    expect((await curate({ confirm: true }, tag)).changed).toBe(true);
    expect(read('.skill-map/settings.local.json')).toBeNull();
    expect((await refusal(curate({}, (a) => ({ ...a, tags: ['y'] })))).code).toBe('consent-required');
  });

  it('always persists allowEditSmFiles to settings.local.json; later writes need no consent', async () => {
    await curate({ always: true }, tag);
    expect(JSON.parse(read('.skill-map/settings.local.json') ?? '{}')).toMatchObject({
      allowEditSmFiles: true,
    });
    expect((await curate({}, (a) => ({ ...a, tags: ['y'] }))).changed).toBe(true);
    expect(read(SIDECAR)).toContain('- y');
  });

  it('always on a refused write (unknown node, unparseable sidecar) persists nothing', async () => {
    expect((await refusal(curate({ always: true }, tag, 'docs/nope.md'))).code).toBe('not-found');
    writeFileSync(tree.abs(SIDECAR), 'a: [\n');
    expect((await refusal(curate({ always: true }, tag))).code).toBe('sidecar-invalid');
    expect(read('.skill-map/settings.local.json')).toBeNull();
    expect(read(SIDECAR)).toBe('a: [\n');
  });

  it('team policy allowSidecarWriters: false beats a standing grant, confirm and always', async () => {
    writeFileSync(tree.abs('.skill-map/settings.json'), JSON.stringify({ allowSidecarWriters: false }));
    writeFileSync(tree.abs('.skill-map/settings.local.json'), JSON.stringify({ allowEditSmFiles: true }));
    for (const consent of [{}, { confirm: true }, { always: true }])
      expect(await refusal(curate(consent, tag))).toEqual({
        code: 'sidecar-writers-forbidden',
        key: 'allowSidecarWriters',
      });
    expect(read(SIDECAR)).toBeNull();
    expect(() => createSidecarCurator(ctx).assertConsent({ confirm: true })).toThrow(/allowSidecarWriters/);
  });
});

describe('the write', () => {
  it('seeds identity from the scanned node when there is no sidecar, and refreshes the mirror', async () => {
    const r = await curate({ confirm: true }, tag);
    expect(r).toEqual({ annotations: { tags: ['x'] }, changed: true });
    const text = read(SIDECAR) ?? '';
    expect(text).toMatch(/^annotations:\n {2}tags:\n {4}- x\nidentity:\n {2}bodyHash: [0-9a-f]{64}\n/);
    expect(text).toContain('  path: docs/guide.md\n');
    const session = ctx.openSession('read');
    expect(session?.nodes.get(NODE)?.sidecar?.annotations).toEqual({ tags: ['x'] });
    session?.close();
    // The kernel reads what was written without complaint.
    const { result } = await runScan({ projectRoot: tree.root });
    const issues = result.issues.map((i) => i.analyzerId);
    expect(issues).not.toContain('invalid-sidecar');
    expect(issues).not.toContain('annotation-field-unknown');
    const node = result.nodes.find((n) => n.path === NODE);
    expect(node?.sidecar?.status).toBe('fresh'); // the seeded identity matches the node
  });

  it('keeps an existing sidecar (identity, plugin namespaces), rewrites it with sorted keys', async () => {
    writeFileSync(
      tree.abs(SIDECAR),
      'zeta-plugin:\n  b: 1\n  a: 2\nannotations:\n  tags: [old]\n  stability: stable\n# a comment\n',
    );
    await curate({ confirm: true }, (a) => ({ ...a, license: 'MIT' }));
    expect(read(SIDECAR)).toBe(
      'annotations:\n  license: MIT\n  stability: stable\n  tags:\n    - old\nzeta-plugin:\n  a: 2\n  b: 1\n',
    );
  });

  it('drops prototype keys read from the file and given by the change', async () => {
    writeFileSync(
      tree.abs(SIDECAR),
      'annotations:\n  tags: [a]\n  __proto__:\n    polluted: true\nconstructor:\n  x: 1\n',
    );
    await curate({ confirm: true }, (a) => ({ ...a, prototype: { y: 1 }, license: 'MIT' }));
    const text = read(SIDECAR) ?? '';
    expect(text).not.toMatch(/__proto__|constructor|prototype|polluted/);
    expect(text).toContain('license: MIT');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('refuses a change that would not validate, writing nothing', async () => {
    writeFileSync(tree.abs(SIDECAR), 'annotations:\n  tags: [a]\n');
    const r = await refusal(curate({ confirm: true }, (a) => ({ ...a, stability: 'bogus' })));
    expect(r.code).toBe('sidecar-invalid');
    expect(read(SIDECAR)).toBe('annotations:\n  tags: [a]\n');
  });

  it('refuses to touch a sidecar the scanner reports as invalid (annotations not a mapping)', async () => {
    writeFileSync(tree.abs(SIDECAR), 'annotations:\n  - a\n');
    const r = await refusal(curate({ confirm: true }, tag));
    expect(r.code).toBe('sidecar-invalid');
    expect(read(SIDECAR)).toBe('annotations:\n  - a\n');
  });

  it('a no-op change writes nothing (bytes kept, comments and all) but still refreshes the mirror', async () => {
    writeFileSync(tree.abs(SIDECAR), '# mine\nannotations:\n  tags: [a]\n');
    const r = await curate({ confirm: true }, () => null);
    expect(r).toEqual({ annotations: { tags: ['a'] }, changed: false });
    expect(read(SIDECAR)).toBe('# mine\nannotations:\n  tags: [a]\n');
    const session = ctx.openSession('read');
    expect(session?.nodes.get(NODE)?.sidecar?.annotations).toEqual({ tags: ['a'] });
    session?.close();
  });

  it('applyPatch deep-merges the whole document: objects recurse, arrays replace, null deletes', async () => {
    writeFileSync(tree.abs(SIDECAR), 'annotations:\n  tags: [a, b]\n  license: MIT\n  version: 1\n');
    await patch({ confirm: true }, { annotations: { tags: ['c'], license: null, version: 2 } });
    expect(read(SIDECAR)).toBe('annotations:\n  tags:\n    - c\n  version: 2\n');
  });

  it('readAnnotations reads the live sidecar (null when absent or unparseable)', () => {
    const curator = createSidecarCurator(ctx);
    expect(curator.readAnnotations(NODE)).toBeNull();
    writeFileSync(tree.abs(SIDECAR), 'annotations:\n  tags: [a]\n');
    expect(curator.readAnnotations(NODE)).toEqual({ tags: ['a'] });
    writeFileSync(tree.abs(SIDECAR), 'annotations: [\n');
    expect(curator.readAnnotations(NODE)).toBeNull();
  });

  it('parallel writes in one process are serialised by the per-path lock (no lost update)', async () => {
    const adds = ['a', 'b', 'c', 'd', 'e'].map((t) =>
      curate({ confirm: true }, (a) => ({ ...a, tags: [...((a['tags'] as string[] | undefined) ?? []), t] })),
    );
    await Promise.all(adds);
    const tags = /tags:\n((?: {4}- \w\n)+)/.exec(read(SIDECAR) ?? '')?.[1] ?? '';
    expect(tags.split('\n').filter(Boolean).sort()).toEqual([
      '    - a',
      '    - b',
      '    - c',
      '    - d',
      '    - e',
    ]);
  });
});

describe('deepMerge', () => {
  it('recurses into objects, replaces arrays and scalars, deletes on null, drops prototype keys', () => {
    const base = { a: { b: 1, c: [1, 2] }, d: 'x', e: 1 };
    const merged = deepMerge(base, JSON.parse('{"a":{"c":[3],"f":{"g":1}},"d":null,"__proto__":{"p":1}}'));
    expect(merged).toEqual({ a: { b: 1, c: [3], f: { g: 1 } }, e: 1 });
    expect(base).toEqual({ a: { b: 1, c: [1, 2] }, d: 'x', e: 1 });
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
  });
});
