// A folder-layout plugin with one extension of each kind, through the real loader and the scan engine: a custom node
// kind from its kinds/ folder, an extractor whose links land in the graph (and whose throw costs one issue on its
// file, not the file), a hook told of the scan with its counts (and whose throw is one warning), the reference's
// formatter form `format(graph)` named by its folder, and the reference's action form `invoke(ctx)` answering a report.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { defaultDbPath, loadConfig } from '../../adapters/index.js';
import { createTempTree, type TempTree } from '../../adapters/testing/temp-tree.js';
import { writeTrust } from '../../adapters/plugins/trust-store.js';
import { runScan } from '../scan/scan-engine.js';
import { loadPlugins } from './load.js';

let tree: TempTree;
afterEach(() => tree?.remove());

const PLUGIN = { version: '1.0.0', specCompat: '>=0.0.0' };
const ext = (description: string): string => JSON.stringify({ version: '1.0.0', description });
const base = '.skill-map/plugins/six';

/** Lays `files` and the plugin `six` down in the project `tree`, trusts it and loads the registry (no user plugins). */
async function trustedSix(files: Record<string, string>, builtIns = true) {
  tree.write({ [`${base}/plugin.json`]: JSON.stringify(PLUGIN), ...files });
  writeTrust(tree.root, 'six', { version: '1.0.0', source: 'project', trustedAt: 'x' });
  const env = { SKILL_MAP_USER_PLUGINS: join(tree.root, 'none') };
  const config = loadConfig({ projectRoot: tree.root }).merged;
  return loadPlugins({ projectRoot: tree.root, config, env, builtIns });
}

describe('a plugin with every extension kind', () => {
  it('loads all six; its kind, links, hook, formatter and action work; faults stay its own', async () => {
    tree = createTempTree('sm-six-');
    const told = join(tree.root, 'told.json');
    const { registry, plugins } = await trustedSix(
      {
        'notes/a.note.md': '# A\n\nSee also: b.\n',
        'notes/b.note.md': '# B\n',
        'notes/boom.note.md': '# Boom\n',
        [`${base}/kinds/note/kind.json`]: JSON.stringify({ ui: { label: 'Notes', color: '#0891b2' } }),
        [`${base}/providers/notes/extension.json`]: ext('Maps notes.'),
        [`${base}/providers/notes/index.js`]:
          "export default { classify: (p) => (p.endsWith('.note.md') ? 'note' : null) };\n",
        [`${base}/extractors/see-also/extension.json`]: ext('See-also links.'),
        [`${base}/extractors/see-also/index.js`]: [
          "export default { scope: 'body', emitsLinkKinds: ['references'], applicableKinds: ['note'],",
          '  extract(ctx) {',
          "    if (ctx.node.path.includes('boom')) throw new Error('cannot read this one');",
          '    const m = /See also: (\\w+)/.exec(ctx.body);',
          "    if (m) ctx.emitLink({ target: `notes/${m[1]}.note.md`, kind: 'references' });",
          '  } };',
        ].join('\n'),
        [`${base}/hooks/tell/extension.json`]: ext('Tells a file.'),
        [`${base}/hooks/tell/index.js`]: `import { writeFileSync } from 'node:fs';\nexport default { triggers: ['scan.completed'], on(ctx) { writeFileSync(${JSON.stringify(told)}, JSON.stringify(ctx)); } };\n`,
        [`${base}/hooks/fail/extension.json`]: ext('Always fails.'),
        [`${base}/hooks/fail/index.js`]:
          "export default { triggers: ['scan.started'], on() { throw new Error('no'); } };\n",
        [`${base}/formatters/paths/extension.json`]: ext('One path per line.'),
        [`${base}/formatters/paths/index.js`]:
          "export default { contentType: 'text/plain', format: (g) => g.nodes.map((n) => n.path).join('\\n') };\n",
        [`${base}/actions/stamp/extension.json`]: ext('Reports ok.'),
        [`${base}/actions/stamp/index.js`]:
          'export default { invoke: (ctx) => ({ report: { ok: true, path: ctx.node.path } }) };\n',
        [`${base}/analyzers/lonely/extension.json`]: ext('Nothing.'),
        [`${base}/analyzers/lonely/index.js`]: 'export default { evaluate: () => [] };\n',
      },
      false,
    );
    const six = plugins.find((p) => p.id === 'six')!;
    expect([six.status, six.statusReason]).toEqual(['enabled', null]);
    expect(
      registry
        .all()
        .map((e) => `${e.kind} ${e.qualifiedId}`)
        .sort(),
    ).toEqual([
      'action six/stamp',
      'analyzer six/lonely',
      'extractor six/see-also',
      'formatter six/paths',
      'hook six/fail',
      'hook six/tell',
      'provider six/notes',
    ]);

    const outcome = await runScan({ projectRoot: tree.root, registry, persist: false });
    const { nodes, links, issues } = outcome.result;
    expect(nodes.map((n) => [n.path, n.kind])).toEqual([
      ['notes/a.note.md', 'note'],
      ['notes/b.note.md', 'note'],
      ['notes/boom.note.md', 'note'],
    ]);
    expect(links.map((l) => [l.source, l.kind, l.resolvedTarget ?? l.target, l.sources])).toEqual([
      ['notes/a.note.md', 'references', 'notes/b.note.md', ['six/see-also']],
    ]);
    expect(issues.map((i) => [i.analyzerId, i.nodeIds, i.data?.['extension']])).toEqual([
      ['extension-error', ['notes/boom.note.md'], 'six/see-also'],
    ]);
    expect(outcome.warnings).toEqual(["hook 'six/fail' failed on scan.started: threw Error: no"]);
    expect(existsSync(told)).toBe(true);
    expect(JSON.parse(readFileSync(told, 'utf8'))).toMatchObject({
      trigger: 'scan.completed',
      payload: { nodes: 3, links: 1, issues: 1 },
    });

    const paths = registry.formatter('paths');
    expect(paths?.render({ nodes, links, issues })).toBe(nodes.map((n) => n.path).join('\n'));
    const stamp = registry.get('six/stamp');
    if (stamp?.kind !== 'action' || stamp.mode !== 'deterministic')
      throw new Error('no deterministic action');
    const node = { path: 'notes/a.note.md', kind: 'note', bodyHash: 'h', frontmatterHash: 'f' };
    expect(stamp.impl.run({ node, sidecar: {}, input: {}, now: 'now', by: 'me' })).toEqual({
      patch: {},
      report: { ok: true, path: 'notes/a.note.md' },
    });
  });

  it('hooks are told extractor.completed per extractor, then analyzer.completed per analyzer, before scan.completed', async () => {
    tree = createTempTree('sm-six-each-');
    const log = join(tree.root, 'told.log');
    const append = (line: string): string =>
      `import { appendFileSync } from 'node:fs';\nconst log = (l) => appendFileSync(${JSON.stringify(log)}, l + '\\n');\n${line}\n`;
    const { registry } = await trustedSix({
      'notes/a.md': '# A\n',
      [`${base}/analyzers/lonely/extension.json`]: ext('Nothing.'),
      [`${base}/analyzers/lonely/index.js`]: 'export default { evaluate: () => [] };\n',
      [`${base}/hooks/all/extension.json`]: ext('Every extension.'),
      [`${base}/hooks/all/index.js`]: append(
        "export default { triggers: ['extractor.completed', 'analyzer.completed', 'scan.completed'], on: ({ trigger, payload }) => log(`${trigger} ${payload.extractorId ?? payload.analyzerId ?? ''}`) };",
      ),
      [`${base}/hooks/one/extension.json`]: ext('One analyzer.'),
      [`${base}/hooks/one/index.js`]: append(
        "export default { triggers: ['analyzer.completed'], filter: { analyzerId: 'six/lonely' }, on: ({ payload }) => log(`one ${payload.analyzerId}`) };",
      ),
    });
    const outcome = await runScan({ projectRoot: tree.root, registry, persist: false });
    expect(outcome.warnings).toEqual([]);
    const extractors = registry.ofKind('extractor').map((e) => e.qualifiedId);
    const analyzers = registry
      .ofKind('analyzer')
      .filter((e) => e.mode === 'deterministic')
      .map((e) => e.qualifiedId);
    expect(extractors).toContain('core/markdown-link');
    expect(analyzers).toContain('six/lonely');
    const told = readFileSync(log, 'utf8').trimEnd().split('\n');
    const byAll = told.filter((l) => !l.startsWith('one '));
    expect(byAll).toEqual([
      ...extractors.map((id) => `extractor.completed ${id}`),
      ...analyzers.map((id) => `analyzer.completed ${id}`),
      'scan.completed', // the last line, its trailing space trimmed with the file's
    ]);
    // The filtered hook: told of its one analyzer only.
    expect(told.filter((l) => l.startsWith('one '))).toEqual(['one six/lonely']);
  });

  it('a scan patched in place tells its hooks from the summary: the stored scan is not read back for them', async () => {
    tree = createTempTree('sm-six-lazy-');
    const { registry } = await trustedSix({
      'notes/a.md': '# A\n',
      [`${base}/hooks/count/extension.json`]: ext('Reads the counts.'),
      [`${base}/hooks/count/index.js`]:
        "export default { triggers: ['scan.completed'], on: ({ payload }) => { if (payload.nodes !== 1) throw new Error('bad count'); } };\n",
      [`${base}/hooks/fail/extension.json`]: ext('Always fails.'),
      [`${base}/hooks/fail/index.js`]:
        "export default { triggers: ['scan.completed'], on() { throw new Error('no'); } };\n",
    });
    await runScan({ projectRoot: tree.root, registry });
    const again = await runScan({
      projectRoot: tree.root,
      registry,
      summaryOnly: true,
      racyWindowMs: -60_000,
    });
    expect(again.patchedInPlace).toBe(true);
    expect(again.warnings).toEqual(["hook 'six/fail' failed on scan.completed: threw Error: no"]);
    // The result of a patch in place is read from the database on first use: the database is gone now, so the
    // result is empty, unless something (the hooks' payload, the warnings' copy) read it during the scan.
    for (const suffix of ['', '-wal', '-shm'])
      rmSync(`${defaultDbPath(tree.root)}${suffix}`, { force: true });
    expect(again.result.nodes).toEqual([]);
  });
});
