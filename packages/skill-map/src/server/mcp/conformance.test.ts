import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProjectServer } from '../testing/project-server.js';
import type { ProjectServer } from '../testing/project-server.js';

// The official suite's CLI (0.1.13 is the last release that runs on Node 20), run as a child process.
const require = createRequire(import.meta.url);
const CONFORMANCE_BIN = join(
  dirname(require.resolve('@modelcontextprotocol/conformance/package.json')),
  'dist',
  'index.js',
);

/** Scenarios that need no fixture tools or resources of the reference "everything" server. */
const SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'resources-list',
  'server-sse-multiple-streams',
  'dns-rebinding-protection',
];

function runScenario(url: string, scenario: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CONFORMANCE_BIN, 'server', '--url', url, '--scenario', scenario], {
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (output += d.toString('utf8')));
    child.on('close', (code) => resolve({ code, output }));
  });
}

let ps: ProjectServer;
beforeAll(async () => {
  ps = await startProjectServer();
});
afterAll(() => ps?.stop());

describe('official MCP conformance suite (server mode)', () => {
  it.each(SCENARIOS)('passes %s', async (scenario) => {
    const { code, output } = await runScenario(ps.running.mcpUrl ?? '', scenario);
    expect(output).toMatch(/Passed: (\d+)\/\1, 0 failed/);
    expect(code).toBe(0);
  });
});
