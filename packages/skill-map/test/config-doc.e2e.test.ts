// docs/skill-map/configuration.md lists exactly the settings the BUILT `sm config list` shows, with their defaults,
// so the page cannot drift from the code again.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { isBuilt, runSm } from './support/sm-bin.js';

const DOC = new URL('../../../docs/skill-map/configuration.md', import.meta.url);

/** `key → default cell` of the settings table (rows whose first cell is one `code` key). */
function documented(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const line of readFileSync(DOC, 'utf8').split('\n')) {
    const m = /^\| `([A-Za-z][\w.]*)` +\| `([^`]*)` +\|/.exec(line);
    if (m !== null) rows.set(m[1]!, m[2]!);
  }
  return rows;
}

let tree: TempTree;
beforeAll(() => {
  tree = createTempTree('sm-e2e-configdoc-');
});
afterAll(() => tree?.remove());

describe.skipIf(!isBuilt())('configuration.md documents every setting (built bin)', () => {
  it('has one row per key of sm config list, with the default it shows', () => {
    // --sources: one item per key with its value and layer (plain --json is the one settings document).
    const run = runSm(['config', 'list', '--json', '--sources'], { cwd: tree.root });
    expect(run.code).toBe(0);
    const items = (JSON.parse(run.stdout) as { items: { key: string; value: unknown }[] }).items;
    expect(items.length).toBeGreaterThanOrEqual(25);
    const rows = documented();
    expect([...rows.keys()].sort()).toEqual(items.map((i) => i.key).sort());
    for (const { key, value } of items) {
      const cell = rows.get(key);
      expect({ key, cell }).toEqual({ key, cell: typeof value === 'string' ? value : JSON.stringify(value) });
    }
  });
});
