// Issue 28 point 7 and acceptance 3: every tool the built bin lists advertises an outputSchema, and every
// result it gives, success and refusal, carries structuredContent that validates against it. Driven through
// the official SDK clients of both eras (v1: 2025 era; v2 with versionNegotiation auto: 2026-07-28), in an
// initialised project and in one that was never initialised (the inert refusal).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client as ModernClient } from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdio } from '@modelcontextprotocol/client/stdio';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as LegacyStdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { afterEach, describe, expect, it } from 'vitest';
import { tempProject, TEST_SPEC } from './support/fixtures.js';
import type { TempProject } from './support/fixtures.js';
import { BIN, childEnv } from './support/child.js';

/** What both SDK clients offer that this test uses. */
interface Peer {
  listTools(): Promise<{ tools: Array<Record<string, unknown>> }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

type Era = 'v1 (2025 era)' | 'v2 (2026-07-28 era)';

async function connect(era: Era, cwd: string): Promise<Peer> {
  const options = {
    command: process.execPath,
    args: [BIN],
    cwd,
    env: childEnv() as Record<string, string>,
    stderr: 'pipe' as const,
  };
  if (era === 'v1 (2025 era)') {
    const client = new LegacyClient({ name: 'schemas-v1', version: '1.0.0' });
    await client.connect(new LegacyStdio(options));
    return client;
  }
  const client = new ModernClient(
    { name: 'schemas-v2', version: '2.0.0' },
    { versionNegotiation: { mode: 'auto' } },
  );
  await client.connect(new ModernStdio(options));
  expect(client.getProtocolEra()).toBe('modern');
  return client;
}

/** One scripted call: `refusal` says whether it must come back isError. */
interface Step {
  name: string;
  args?: Record<string, unknown>;
  refusal?: boolean;
}

const BAD_AGENT = { agent: '///' };

/** Every tool succeeds at least once and is refused at least once where it can be once initialised. */
const SCRIPT: Step[] = [
  { name: 'spec.get' },
  { name: 'state.get' },
  { name: 'state.get', args: BAD_AGENT, refusal: true },
  { name: 'state.validate', args: { patch: { goal: 'x' } } },
  { name: 'state.validate', args: { patch: { goal: 1 } } },
  { name: 'state.validate', args: { patch: 'x' }, refusal: true },
  { name: 'state.diff' },
  { name: 'state.diff', args: BAD_AGENT, refusal: true },
  { name: 'state.patch', args: { patch: { goal: 'Ship', next_steps: ['a', 'b'], meta: { x: 1 } } } },
  { name: 'state.patch', args: { patch: { meta: { y: 2 }, notes: 'token sk-abc123secret' } } },
  { name: 'state.patch', args: { patch: { goal: 42 } }, refusal: true },
  { name: 'state.patch', args: { patch: [1] }, refusal: true },
  { name: 'state.diff', args: { full: true } },
  { name: 'state.checkpoint', args: { label: 'one' } },
  { name: 'state.checkpoint', args: BAD_AGENT, refusal: true },
  { name: 'state.rollback', args: { checkpointId: '1-one' } },
  { name: 'state.rollback', args: { checkpointId: '9-nope' }, refusal: true },
  { name: 'state.summary' },
  { name: 'state.summary', args: BAD_AGENT, refusal: true },
  { name: 'spec.next' },
  { name: 'spec.next', args: BAD_AGENT, refusal: true },
  { name: 'agent.list' },
  { name: 'state.patch', args: { agent: 'helper', patch: { notes: 'from helper', blockers: ['x'] } } },
  { name: 'state.summary', args: { agent: 'helper' } },
  { name: 'agent.list' },
  { name: 'agent.read', args: { agent: 'helper' } },
  { name: 'agent.read', args: {}, refusal: true },
  { name: 'agent.merge', args: { agent: 'helper', keep: 'sub' } },
  { name: 'agent.merge', args: { agent: '' }, refusal: true },
  { name: 'state.finalize', args: { status: 'done' }, refusal: true },
  { name: 'state.finalize', args: { status: 'completed', result: 'ok' } },
];

const ajv = new Ajv2020({ strict: true, allErrors: true });

/** Compiles every listed tool's outputSchema (failing on a schema Ajv refuses in strict mode). */
function validators(tools: Array<Record<string, unknown>>): Map<string, ValidateFunction> {
  const out = new Map<string, ValidateFunction>();
  for (const tool of tools) {
    const schema = tool['outputSchema'] as Record<string, unknown> | undefined;
    expect(schema, `${String(tool['name'])} has no outputSchema`).toBeDefined();
    expect(schema!['type']).toBe('object');
    out.set(tool['name'] as string, ajv.compile(schema!));
  }
  return out;
}

/** Checks one result: structuredContent present, valid, and saying what the text says. */
function check(validate: ValidateFunction, step: Step, result: Record<string, unknown>): void {
  const label = `${step.name} ${JSON.stringify(step.args ?? {})}`;
  expect(result['isError'] === true, label).toBe(step.refusal === true);
  const structured = result['structuredContent'];
  expect(structured, label).toBeTypeOf('object');
  expect(validate(structured), `${label}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  const text = (result['content'] as Array<{ text: string }>)[0]!.text;
  if (text.startsWith('Error: ')) expect(structured, label).toEqual({ error: text.slice(7) });
  else if (result['isError'] === true && !text.startsWith('{')) expect(structured).toEqual({ error: text });
  else expect(structured, label).toEqual(JSON.parse(text));
}

let project: TempProject | undefined;
let peer: Peer | undefined;
afterEach(async () => {
  await peer?.close();
  project?.cleanup();
  peer = undefined;
  project = undefined;
});

function projectAt(initialised: boolean): TempProject {
  const p = tempProject();
  if (initialised) p.init();
  writeFileSync(join(p.dir, 'skill-spec.json'), JSON.stringify(TEST_SPEC));
  return p;
}

describe.each<Era>(['v1 (2025 era)', 'v2 (2026-07-28 era)'])(
  'every tool through the %s SDK client',
  (era) => {
    it('validates every success and refusal against the advertised outputSchema', async () => {
      project = projectAt(true);
      peer = await connect(era, project.dir);
      const { tools } = await peer.listTools();
      const byName = validators(tools);
      const succeeded = new Set<string>();
      const refused = new Set<string>();
      for (const step of SCRIPT) {
        const validate = byName.get(step.name);
        expect(validate, `${step.name} is not listed`).toBeDefined();
        check(validate!, step, await peer.callTool({ name: step.name, arguments: step.args ?? {} }));
        (step.refusal === true ? refused : succeeded).add(step.name);
      }
      expect([...succeeded].sort()).toEqual([...byName.keys()].sort());
      // spec.get never refuses; agent.list refuses only before init (the next test).
      const canRefuse = [...byName.keys()].filter((n) => n !== 'spec.get' && n !== 'agent.list');
      expect([...refused].sort()).toEqual(canRefuse.sort());
    });

    it('validates the inert refusal of every gated tool in a project that was never initialised', async () => {
      project = projectAt(false);
      peer = await connect(era, project.dir);
      const { tools } = await peer.listTools();
      const byName = validators(tools);
      for (const [name, validate] of byName) {
        const step = {
          name,
          args: { patch: {}, agent: 'a', status: 'completed' },
          refusal: name !== 'spec.get',
        };
        check(validate, step, await peer.callTool({ name, arguments: step.args }));
      }
      expect(project.files()).toEqual(['skill-spec.json']);
    });
  },
);
