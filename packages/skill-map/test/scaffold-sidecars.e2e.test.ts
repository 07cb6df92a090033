// `sm example`, `sm tutorial` and `sm sidecars` from the BUILT bin (what a user's shell runs): the example project
// materialised and scanned, a sidecar annotated with --yes and refreshed after an edit, an orphan pruned, each
// --json output valid against our schemas, and `done in …` on stderr.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpecValidator } from '@skill-map/spec/testing';
import { runSm } from './support/sm-bin.js';

const validator = createSpecValidator();
const AGENT = '.claude/agents/recipe-editor.md';
let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'sm-example-e2e-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const sm = (...argv: string[]) => runSm(argv, { cwd: root });
const valid = (schema: Parameters<typeof validator.validate>[0], stdout: string): unknown => {
  const value = JSON.parse(stdout) as unknown;
  expect(validator.validate(schema, value)).toEqual({ ok: true });
  return value;
};

describe('the built bin: sm example, then sm sidecars on it', () => {
  it('sm example --json, then a scan with no issue', () => {
    const run = sm('example', '--json');
    expect(run.code, run.stderr).toBe(0);
    valid('scaffold', run.stdout);
    const scan = sm('scan', '--json');
    expect(scan.code, scan.stderr).toBe(0);
    expect((JSON.parse(scan.stdout) as { issues: unknown[] }).issues).toEqual([]);
  });

  it('sm sidecars annotate --yes, refresh after an edit, prune of an orphan', () => {
    const annotate = sm('sidecars', 'annotate', AGENT, '--yes', '--json');
    expect(annotate.code, annotate.stderr).toBe(0);
    expect(valid('sidecarsWrite', annotate.stdout)).toMatchObject({ outcome: 'created', written: true });
    expect(annotate.stderr).toMatch(/done in \d/);
    appendFileSync(join(root, AGENT), 'Keep it short.\n');
    expect(sm('scan', '-q').code).toBe(0);
    const before = readFileSync(join(root, AGENT.replace(/\.md$/, '.sm')), 'utf8');
    const refresh = sm('sidecars', 'refresh', AGENT, '--yes', '--json');
    expect(valid('sidecarsWrite', refresh.stdout)).toMatchObject({ outcome: 'refreshed', written: true });
    expect(readFileSync(join(root, AGENT.replace(/\.md$/, '.sm')), 'utf8')).not.toBe(before);
    writeFileSync(join(root, 'docs/retired.sm'), 'annotations:\n  stability: deprecated\n');
    const dry = sm('sidecars', 'prune', '-n', '--json');
    expect(valid('sidecarsPrune', dry.stdout)).toMatchObject({ wouldDelete: 1 });
    expect(existsSync(join(root, 'docs/retired.sm'))).toBe(true);
    const prune = sm('sidecars', 'prune', '--yes', '--json');
    expect(valid('sidecarsPrune', prune.stdout)).toMatchObject({ deleted: 1, errors: [] });
    expect(existsSync(join(root, 'docs/retired.sm'))).toBe(false);
    expect(existsSync(join(root, 'CLAUDE.sm'))).toBe(true);
  });

  it('sm tutorial refuses this non-empty folder and writes into an empty one', () => {
    const refused = sm('tutorial');
    expect(refused.code).toBe(2);
    const empty = mkdtempSync(join(tmpdir(), 'sm-tutorial-e2e-'));
    try {
      const run = runSm(['tutorial', '--json'], { cwd: empty });
      expect(run.code, run.stderr).toBe(0);
      valid('scaffold', run.stdout);
      expect(existsSync(join(empty, '.claude/skills/sm-tutorial/SKILL.md'))).toBe(true);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
