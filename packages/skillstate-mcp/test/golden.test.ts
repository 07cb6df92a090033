// Golden transcripts: raw NDJSON into the built bin's stdin, stdout compared byte for byte with committed
// files. Regenerate with UPDATE_GOLDEN=1 after a deliberate change, and review the diff.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { tempProject, TEST_SPEC } from './support/fixtures.js';
import type { TempProject } from './support/fixtures.js';
import { killAll, spawnServer } from './support/child.js';

const GOLDEN = fileURLToPath(new URL('./golden/', import.meta.url));
const UPDATE = process.env['UPDATE_GOLDEN'] === '1';

let project: TempProject;
afterEach(async () => {
  await killAll();
  project.cleanup();
});

/** Runs the bin over `input` in `project` until it exits at end of input; returns stdout. */
async function transcript(input: string | Buffer): Promise<string> {
  const server = spawnServer(project.dir);
  let out = '';
  server.child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  server.child.stdin.end(input);
  const { code } = await server.exited;
  expect(server.stderr()).toBe('');
  expect(code).toBe(0);
  return out;
}

function compare(name: string, actual: string): void {
  const path = join(GOLDEN, `${name}.out.ndjson`);
  if (UPDATE) writeFileSync(path, actual);
  expect(existsSync(path), `missing ${path}: run with UPDATE_GOLDEN=1 and review it`).toBe(true);
  expect(actual).toBe(readFileSync(path, 'utf8'));
}

function project_(initialised: boolean): TempProject {
  const p = tempProject();
  if (initialised) p.init();
  writeFileSync(join(p.dir, 'skill-spec.json'), JSON.stringify(TEST_SPEC));
  return p;
}

describe('golden transcripts (built bin)', () => {
  for (const name of ['jsonrpc-errors', 'content-length', 'modern-era']) {
    it(name, async () => {
      project = project_(true);
      compare(name, await transcript(readFileSync(join(GOLDEN, `${name}.in.ndjson`))));
    });
  }

  it('inert (uninitialised project: nothing is created)', async () => {
    project = project_(false);
    compare('inert', await transcript(readFileSync(join(GOLDEN, 'inert.in.ndjson'))));
    expect(project.files()).toEqual(['skill-spec.json']);
  });

  it('oversized-line (16 MiB without a newline is answered once and skipped)', async () => {
    project = project_(true);
    const pad = 'x'.repeat(16 * 1024 * 1024);
    const input = `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${pad}"}}\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n`;
    compare('oversized-line', await transcript(input));
  });

  it('the no-id request in jsonrpc-errors was not executed', async () => {
    project = project_(true);
    await transcript(readFileSync(join(GOLDEN, 'jsonrpc-errors.in.ndjson')));
    expect(JSON.parse(readFileSync(project.statePath, 'utf8'))).toEqual({ version: 1, state: {} });
  });
});
