// Redaction over the built bin: values are scrubbed one by one, so a tool result or resource stays valid JSON.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { tempProject } from './support/fixtures.js';
import type { Json, TempProject } from './support/fixtures.js';
import { killAll, spawnServer } from './support/child.js';

let project: TempProject;
afterEach(async () => {
  await killAll();
  project.cleanup();
});

const BEGIN = '-----BEGIN PRIVATE KEY-----';
const END = '-----END PRIVATE KEY-----';
const STATE = {
  goal: `deploy with ${BEGIN}\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC`,
  progress: ['step one', 'step two'],
  notes: 'fields between the markers must survive',
  next_steps: [`tail of the key qhkiG9w0BAQEFAASC\n${END}`],
  meta: { token: `gho_${'x1Y2z3'.repeat(6)}`, sha: '9fceb02d0ae598e95dc970b74767f19372d61af8' },
};

async function ask(messages: Array<Record<string, unknown>>): Promise<Json[]> {
  const server = spawnServer(project.dir);
  for (const [i, message] of messages.entries())
    server.send(`${JSON.stringify({ jsonrpc: '2.0', id: i + 1, ...message })}\n`);
  const lines = await server.waitForLines(messages.length);
  server.child.stdin.end();
  await server.exited;
  return lines.map((line) => JSON.parse(line));
}

describe('redaction (built bin)', () => {
  it('a value holding BEGIN PRIVATE KEY and another holding END keep state.get and the resources valid JSON', async () => {
    project = tempProject();
    project.init(STATE);
    const replies = await ask([
      { method: 'tools/call', params: { name: 'state.get', arguments: {} } },
      { method: 'resources/read', params: { uri: 'skillstate://state' } },
      { method: 'resources/read', params: { uri: 'skillstate://summary' } },
    ]);
    const texts: string[] = [
      replies[0].result.content[0].text,
      replies[1].result.contents[0].text,
      replies[2].result.contents[0].text,
    ];
    const parsed = texts.map((text) => JSON.parse(text));
    const expected = {
      goal: 'deploy with [REDACTED]',
      progress: ['step one', 'step two'],
      notes: 'fields between the markers must survive',
      next_steps: ['[REDACTED]'],
      meta: { token: '[REDACTED]', sha: '9fceb02d0ae598e95dc970b74767f19372d61af8' },
    };
    expect(parsed[0]).toEqual(expected);
    expect(parsed[1]).toEqual({ version: 1, state: expected });
    expect(texts.join('\n')).not.toMatch(/MIIEvQ|qhkiG9w0|gho_/);
    expect(readFileSync(project.statePath, 'utf8')).toContain('MIIEvQ');
  });
});
