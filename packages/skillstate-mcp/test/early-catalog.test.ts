// The bin answers a leading tools/list from the catalog the build wrote: it must be the full server's answer.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { McpServer } from '../src/server.js';
import { tempProject, TEST_SPEC } from './support/fixtures.js';
import type { TempProject } from './support/fixtures.js';
import { killAll, spawnServer } from './support/child.js';

const CATALOG = fileURLToPath(new URL('../dist/bundle/tools-list.json', import.meta.url));

let project: TempProject;
afterEach(async () => {
  await killAll();
  project.cleanup();
});

async function fullServerAnswer(): Promise<unknown> {
  const server = new McpServer({ spec: TEST_SPEC, root: project.root, name: 'skillstate.json' });
  const line = await server.handleLine('{"jsonrpc":"2.0","id":2,"method":"tools/list"}');
  return JSON.parse(line ?? 'null');
}

describe('the early tools/list catalog', () => {
  it('is the full server’s tools/list, as built', async () => {
    project = tempProject();
    const answer = (await fullServerAnswer()) as { result: { tools: unknown } };
    expect(JSON.parse(readFileSync(CATALOG, 'utf8'))).toEqual(answer.result.tools);
  });

  it('the built bin’s early answer to initialize, initialized, tools/list equals the full server’s', async () => {
    project = tempProject();
    project.init();
    const server = spawnServer(project.dir);
    server.send(
      '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}\n',
    );
    await server.waitForLines(1);
    server.send(
      '{"jsonrpc":"2.0","method":"notifications/initialized"}\n{"jsonrpc":"2.0","id":2,"method":"tools/list"}\n',
    );
    const [, listed] = await server.waitForLines(2);
    server.child.stdin.end();
    await server.exited;
    expect(JSON.parse(listed ?? '')).toEqual(await fullServerAnswer());
  });
});
