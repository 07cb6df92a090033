// The official MCP conformance suite (`@modelcontextprotocol/conformance` 0.2.0-alpha.12, its frozen requirement
// sets) against a spawned `sm serve --mcp`, once per protocol revision. The suite needs Node 22: it and the Node 22
// binary (the npm registry's `node` package) live in tools/mcp-conformance, installed by the root `postinstall`, so
// Node 22 runs the suite alone and never the product. Each revision's expected-failures file beside them lists the
// scenarios that need the suite's own fixture tools or capabilities skill-map does not declare; any other failure,
// or a listed one that starts passing, fails the run. Runs against the BUILT bin.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServe } from './support/sm-process.js';
import type { ServeProcess } from './support/sm-process.js';

const RUNNER = fileURLToPath(new URL('../../../tools/mcp-conformance/', import.meta.url));
const NODE22 = join(RUNNER, 'node_modules', 'node22', 'bin', 'node');
const SUITE = join(RUNNER, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');

const PROJECT: Record<string, string> = {
  'AGENTS.md': '# Agents\nUse the lint skill. See [the guide](docs/guide.md).\n',
  '.claude/skills/lint/SKILL.md': '---\nname: lint\ndescription: Lints the code.\n---\nRun the linter.\n',
  '.claude/agents/reviewer.md': '---\nname: reviewer\ndescription: Reviews.\n---\nUse the lint skill.\n',
  'docs/guide.md': '# Guide\nBack to [agents](../AGENTS.md).\n',
};

let root: string;
let serve: ServeProcess;

beforeAll(async () => {
  if (!existsSync(NODE22) || !existsSync(SUITE))
    throw new Error(
      `the conformance runner is not installed: run \`npm ci --prefix tools/mcp-conformance\` (the root postinstall does)`,
    );
  root = mkdtempSync(join(tmpdir(), 'sm-conformance-'));
  for (const [rel, text] of Object.entries(PROJECT)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  serve = await spawnServe(root, ['--mcp']);
});
afterAll(async () => {
  await serve?.stop();
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
});

/** Runs the suite's server mode for one requirement set; resolves to its exit code and everything it printed. */
function runSuite(revision: string, outDir: string): Promise<{ code: number | null; output: string }> {
  const run = spawn(
    NODE22,
    [
      SUITE,
      'server',
      '--url',
      serve.mcpUrl,
      '--requirements',
      revision,
      '--expected-failures',
      join(RUNNER, `expected-failures-${revision}.yaml`),
      '-o',
      outDir,
    ],
    { cwd: RUNNER, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } },
  );
  let output = '';
  run.stdout.on('data', (d: Buffer) => (output += d.toString('utf8')));
  run.stderr.on('data', (d: Buffer) => (output += d.toString('utf8')));
  return new Promise((resolve) => run.on('close', (code) => resolve({ code, output })));
}

describe('the official MCP conformance suite against sm serve --mcp', () => {
  it.each(['2025-11-25', '2026-07-28'])(
    'requirements %s: every failure is an expected one, none is stale',
    async (revision) => {
      const out = mkdtempSync(join(tmpdir(), `sm-conformance-${revision}-`));
      try {
        const { code, output } = await runSuite(revision, out);
        const verdict = output.slice(output.lastIndexOf('Total:'));
        expect(verdict).toContain('Baseline check passed: all failures are expected.');
        expect({ code, unexpected: /Unexpected failures|Stale baseline/.test(verdict) }).toEqual({
          code: 0,
          unexpected: false,
        });
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
