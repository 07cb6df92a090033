import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NdjsonChild } from '../helpers/ndjson-child.js';

const SPEC = {
  id: 'stress',
  name: 'Stress',
  version: '1.0.0',
  instructions: 'Record results.',
  schema: {
    results: { type: 'object', default: {} },
    goal: { type: 'string', default: '' },
    progress: { type: 'array', default: [] },
  },
};

let project: string;
beforeEach(() => {
  project = mkdtempSync(join(tmpdir(), 'skillstate-stress-'));
  mkdirSync(join(project, '.skillstate'));
  writeFileSync(join(project, 'skill-spec.json'), JSON.stringify(SPEC));
});
afterEach(() => {
  rmSync(project, { recursive: true, force: true });
});

function leftovers(dir: string): string[] {
  return readdirSync(dir).filter(
    (name) => name.endsWith('.lock') || name.includes('.tmp.') || name.endsWith('.takeover'),
  );
}

describe('three server processes writing at once', () => {
  it('loses none of 3 x 300 concurrent patches to distinct keys and leaves no lock behind', async () => {
    const servers = [0, 1, 2].map(() => new NdjsonChild(project));
    const calls = servers.flatMap((server, s) =>
      Array.from({ length: 300 }, (_, i) =>
        server.request('tools/call', {
          name: 'state.patch',
          arguments: { patch: { results: { [`p${s}_k${i}`]: i } } },
        }),
      ),
    );
    const responses = await Promise.all(calls);
    const errors = responses.filter(
      (r) => r.error !== undefined || (r.result as { isError?: boolean }).isError,
    );
    expect(errors).toEqual([]);
    await Promise.all(servers.map((s) => s.close()));

    const envelope = JSON.parse(readFileSync(join(project, '.skillstate', 'skillstate.json'), 'utf8')) as {
      state: { results: Record<string, number> };
    };
    const keys = Object.keys(envelope.state.results);
    expect(keys).toHaveLength(900);
    for (let s = 0; s < 3; s++)
      for (let i = 0; i < 300; i++) expect(envelope.state.results[`p${s}_k${i}`]).toBe(i);
    expect(leftovers(join(project, '.skillstate'))).toEqual([]);
  });
});

describe('a writer killed mid-patch', () => {
  it('always leaves a state file that parses and equals a state some patch produced (36 SIGKILLs, three at each of 12 points)', async () => {
    const statePath = join(project, '.skillstate', 'skillstate.json');
    const produced = new Set<string>();
    // (round * 7) % 12 walks all 12 kill delays every 12 rounds: three passes over each.
    for (let round = 0; round < 36; round++) {
      const server = new NdjsonChild(project);
      const inFlight: Array<Promise<unknown>> = [];
      // Each patch rewrites both fields together, so a torn or mixed state would not match any produced one.
      for (let i = 0; i < 40; i++) {
        const state = { goal: `r${round}-p${i}`, progress: [round, i] };
        produced.add(JSON.stringify(state));
        inFlight.push(
          server.request('tools/call', {
            name: 'state.patch',
            arguments: { patch: { ...state, results: null } },
          }),
        );
      }
      // Kill while patches are being written: after the first one landed, at a varying point of the stream.
      await inFlight[0];
      await new Promise((resolve) => setTimeout(resolve, (round * 7) % 12));
      server.child.kill('SIGKILL');
      await server.exited;
      expect(existsSync(statePath)).toBe(true);
      {
        const text = readFileSync(statePath, 'utf8');
        const envelope = JSON.parse(text) as { version: number; state: Record<string, unknown> };
        expect(envelope.version).toBe(1);
        expect(produced.has(JSON.stringify(envelope.state))).toBe(true);
      }
    }
    // The next writer is never blocked by what the killed ones left: a dead holder's lock is taken over at once.
    const survivor = new NdjsonChild(project);
    const final = (await survivor.callTool('state.patch', {
      patch: { goal: 'after', progress: [], results: null },
    })) as {
      state: unknown;
    };
    expect(final.state).toEqual({ goal: 'after', progress: [] });
    await survivor.close();
    expect(readdirSync(join(project, '.skillstate')).filter((n) => n.endsWith('.lock'))).toEqual([]);
  }, 240_000);
});
