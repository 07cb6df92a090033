// `sm scan --json` through the BUILT bin prints the spec ScanResult itself (the reference contract: `jq .nodes`),
// validated with ajv against the schema files as they are on disk.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { isBuilt, runSm } from './support/sm-bin.js';

const SCHEMAS = fileURLToPath(new URL('../../skill-map-spec/schemas/', import.meta.url));

/** Every schema file under the spec's schemas/ folder, registered by its $id. */
function validatorFor(file: string): (value: unknown) => string[] {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  const visit = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const abs = join(dir, entry.name);
      if (entry.isDirectory()) visit(abs);
      else if (entry.name.endsWith('.schema.json')) ajv.addSchema(JSON.parse(readFileSync(abs, 'utf8')));
    }
  };
  visit(SCHEMAS);
  const id = (JSON.parse(readFileSync(join(SCHEMAS, file), 'utf8')) as { $id: string }).$id;
  const check = ajv.getSchema(id)!;
  return (value) =>
    check(value) === true ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

let tree: TempTree;
beforeAll(() => {
  tree = createTempTree('sm-e2e-scanjson-');
  tree.write({
    '.claude/skills/a/SKILL.md':
      '---\nname: a\ndescription: A\n---\nSee [b](../../../docs/b.md) and [gone](gone.md).\n',
    'docs/b.md': '# B\n',
  });
});
afterAll(() => tree?.remove());

describe.skipIf(!isBuilt())('sm scan --json prints the ScanResult (built bin)', () => {
  it('stdout validates against scan-result.schema.json as it is, with .nodes at the top', () => {
    for (const argv of [
      ['scan', '--json'],
      ['scan', '--json'],
      ['scan', '--full', '--json'],
    ]) {
      const run = runSm(argv, { cwd: tree.root });
      expect(run.code).toBe(1); // the broken link is an error
      const doc = JSON.parse(run.stdout) as { nodes: { path: string }[]; result?: unknown };
      expect(validatorFor('scan-result.schema.json')(doc)).toEqual([]);
      expect(doc.nodes.map((n) => n.path).sort()).toEqual(['.claude/skills/a/SKILL.md', 'docs/b.md']);
      expect(doc).not.toHaveProperty('result');
    }
  });

  it('--run-facts prints the run facts (files, persisted counts, timings) instead', () => {
    const run = runSm(['scan', '--run-facts'], { cwd: tree.root });
    const facts = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(facts).toMatchObject({ mode: 'incremental', files: { accepted: 2 }, timings: {} });
    expect(facts).not.toHaveProperty('nodes');
  });
});
