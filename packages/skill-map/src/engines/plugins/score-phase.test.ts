// A drop-in analyzer declaring phase 'score' moves link confidence with ctx.adjustConfidence(link, { kind, value })
// in its worker; the kernel folds the ops onto the links (clamped). Outside the score phase, or with a bad op, the
// adjustments are left out with one extension-error issue and the scan goes on.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../adapters/index.js';
import { createTempTree, type TempTree } from '../../adapters/testing/temp-tree.js';
import { writeTrust } from '../../adapters/plugins/trust-store.js';
import { runScan } from '../scan/scan-engine.js';
import { listPlugins } from './manage.js';
import { loadPlugins } from './load.js';

let tree: TempTree;
afterEach(() => tree?.remove());

/** A trusted project with one plugin `scorer` whose analyzer module is `body`. */
function project(body: string): { root: string; env: NodeJS.ProcessEnv } {
  tree = createTempTree('sm-score-');
  tree.write({
    'README.md': '# Readme\nSee [the style guide](rules/style.md).\n',
    'rules/style.md': '# Style\n',
    '.skill-map/plugins/scorer/plugin.json': JSON.stringify({
      id: 'scorer',
      version: '1.0.0',
      specCompat: '^1.0.0',
      extensions: ['./ext.mjs'],
    }),
    '.skill-map/plugins/scorer/ext.mjs': body,
  });
  writeTrust(tree.root, 'scorer', { version: '1.0.0', source: 'project', trustedAt: 'x' });
  return { root: tree.root, env: { SKILL_MAP_USER_PLUGINS: join(tree.root, 'user-plugins') } };
}

const analyzer = (phase: string, evaluate: string): string =>
  `export default { kind: 'analyzer', id: 'demote', version: '1.0.0', mode: 'deterministic', phase: '${phase}',\n` +
  `  evaluate(ctx) { ${evaluate} } };\n`;

async function scan(p: { root: string; env: NodeJS.ProcessEnv }) {
  const config = loadConfig({ projectRoot: p.root }).merged;
  const { registry } = await loadPlugins({ projectRoot: p.root, config, env: p.env });
  const { result } = await runScan({ projectRoot: p.root, registry, persist: false });
  const link = result.links.find((l) => l.source === 'README.md');
  return { confidence: link?.confidence, issues: result.issues.map((i) => [i.analyzerId, i.message]) };
}

describe('score-phase drop-in analyzers', () => {
  it('fold their ops onto the kernel baseline: delta -0.4 then a no-op floor 0.5 leaves 0.6', async () => {
    const p = project(
      analyzer(
        'score',
        "for (const l of ctx.links) { ctx.adjustConfidence(l, { kind: 'delta', value: -0.4 });" +
          " ctx.adjustConfidence(l, { kind: 'floor', value: 0.5 }); } return [];",
      ),
    );
    const out = await scan(p);
    expect(out.confidence).toBeCloseTo(0.6, 10);
    expect(out.issues).toEqual([]);
  });

  it('clamp to [0,1]', async () => {
    const p = project(
      analyzer(
        'score',
        "for (const l of ctx.links) ctx.adjustConfidence(l, { kind: 'delta', value: -5 }); return [];",
      ),
    );
    expect((await scan(p)).confidence).toBe(0);
  });

  it('outside the score phase the adjustment is left out, with one extension-error issue', async () => {
    const p = project(
      analyzer('detect', "ctx.adjustConfidence(ctx.links[0], { kind: 'set', value: 0.1 }); return [];"),
    );
    const out = await scan(p);
    expect(out.confidence).toBe(1);
    expect(out.issues).toEqual([['extension-error', expect.stringContaining('outside the score phase')]]);
  });

  it('a bad op (unknown kind, or a link it was not given) is left out, with one extension-error issue', async () => {
    for (const evaluate of [
      "ctx.adjustConfidence(ctx.links[0], { kind: 'times', value: 2 }); return [];",
      "ctx.adjustConfidence({ source: 'x' }, { kind: 'delta', value: -0.5 }); return [];",
    ]) {
      const out = await scan(project(analyzer('score', evaluate)));
      expect(out.confidence, evaluate).toBe(1);
      expect(out.issues.map(([id]) => id)).toEqual(['extension-error']);
    }
  });

  it('an unknown phase is a load error', async () => {
    const p = project(analyzer('later', 'return [];'));
    const scorer = (await listPlugins({ projectRoot: p.root, env: p.env })).find((x) => x.id === 'scorer');
    expect([scorer?.status, scorer?.statusReason]).toEqual([
      'load-error',
      expect.stringContaining('phase must be score, detect or aggregate'),
    ]);
  });
});
