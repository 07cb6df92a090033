// Issue 23 point 15b: `record_job.model` had no length limit (any string up to the 4 MiB body cap was stored in the
// execution row and read back by every listing). Every free-text field of record_job and submit_job has a bound
// now, refused as -32602 naming the field, over the real MCP endpoint (SDK client, real socket, real SQLite).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { JOB_TEXT_LIMITS } from '../../../../engines/jobs/index.js';
import { CLEAN_FINDINGS_REPORT, setProcessingAgent, testCatalog } from '../../../testing/job-fixtures.js';
import { startProjectServer } from '../../../testing/project-server.js';
import type { ProjectServer } from '../../../testing/project-server.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- results are read loosely; shapes are asserted
type Json = Record<string, any>;
const NODE = '.claude/skills/lint/SKILL.md';
const FINDER = 'test/ai-lint-analyzer';

let ps: ProjectServer;
let client: Client;

async function tool(name: string, args: Json = {}): Promise<Json> {
  const r = await client.callTool({ name, arguments: args });
  expect(r.isError).not.toBe(true);
  return r.structuredContent as Json;
}

/** The -32602 error a call ends in; its message and data must name `field`. */
async function refusedNaming(name: string, args: Json, field: string): Promise<McpError> {
  const err = await client.callTool({ name, arguments: args }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(McpError);
  const e = err as McpError;
  expect(e.code).toBe(-32602);
  expect(e.message).toContain(field);
  expect(JSON.stringify(e.data)).toContain(`"${field}"`);
  return e;
}

beforeAll(async () => {
  ps = await startProjectServer({
    extensions: testCatalog(),
    prepare: (root) => setProcessingAgent(root, true),
  });
  client = new Client({ name: 'record-limits-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(ps.running.mcpUrl ?? '')));
});
afterAll(async () => {
  await client?.close();
  await ps?.stop();
});

describe('record_job / submit_job free-text limits', () => {
  it('record_job.model over 256 characters or with a control character is -32602 naming model', async () => {
    await tool('submit_job', { node: NODE, extension: FINDER });
    const claimed = await tool('claim_job');
    const base = {
      id: claimed['id'],
      nonce: claimed['nonce'],
      status: 'completed',
      report: CLEAN_FINDINGS_REPORT,
    };
    const long = await refusedNaming('record_job', { ...base, model: 'm'.repeat(100_000) }, 'model');
    expect(long.message).toContain(String(JOB_TEXT_LIMITS.model));
    await refusedNaming('record_job', { ...base, model: 'gpt\u001b[2Jx' }, 'model');
    expect((await tool('get_job', { id: claimed['id'] }))['item']).toMatchObject({ status: 'running' });
    const atLimit = 'm'.repeat(JOB_TEXT_LIMITS.model);
    expect(await tool('record_job', { ...base, model: atLimit })).toMatchObject({ outcome: 'completed' });
  });

  it('record_job.nonce, record_job.id and submit_job.node / extension have limits too, each named', async () => {
    const record = { id: 'd-x', nonce: 'n', status: 'failed' };
    await refusedNaming('record_job', { ...record, nonce: 'n'.repeat(JOB_TEXT_LIMITS.nonce + 1) }, 'nonce');
    await refusedNaming('record_job', { ...record, id: 'd'.repeat(JOB_TEXT_LIMITS.id + 1) }, 'id');
    const submit = { node: NODE, extension: FINDER };
    await refusedNaming('submit_job', { ...submit, node: 'a/'.repeat(JOB_TEXT_LIMITS.node) }, 'node');
    await refusedNaming('submit_job', { ...submit, extension: 'x'.repeat(1000) }, 'extension');
    expect((await tool('list_jobs', { status: 'queued' }))['items']).toEqual([]);
  });
});
