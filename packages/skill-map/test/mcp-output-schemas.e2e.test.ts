// Issue 28 point 7 and acceptance 3: every tool of a SPAWNED `sm serve --mcp` advertises a title, all four
// annotations, icons and an outputSchema, and every result its calls produce (success and each structured refusal
// reachable here) validates against that schema, twice over: the official v1 SDK client validates structuredContent
// against the advertised outputSchema itself on every callTool (shown to be live below), and the test re-checks each
// one with ajv. Runs against the BUILT bin.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { runSm } from './support/sm-bin.js';
import { spawnServe } from './support/sm-process.js';
import type { ServeProcess } from './support/sm-process.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- payloads are read loosely; shapes are asserted
type Json = Record<string, any>;

const LINT = '.claude/skills/lint/SKILL.md';
const DEPLOY = '.claude/commands/deploy.md';
const FINDER = 'ai-security-analyzer';
const PROJECT: Record<string, string> = {
  [LINT]:
    '---\nname: lint\ndescription: Lints the code base.\n---\n# Lint\nRun the linter. See [the guide](../../../docs/guide.md).\n',
  [DEPLOY]: '---\ndescription: Deploys.\n---\nDeploy it. Read [missing](../../docs/missing.md) first.\n',
  'docs/guide.md': '# Guide\nThe guide.\n',
  'README.md': '# Project\nStart with [the guide](docs/guide.md).\n',
};
const REPORT = JSON.stringify({
  confidence: 0.8,
  safety: { injectionDetected: false, contentQuality: 'clean' },
  findings: [{ type: 'unpinned-tool', severity: 'warn', message: 'Runs the linter without naming it.' }],
});

let root: string;
let serve: ServeProcess;
let client: Client;
let tools: Tool[] = [];
const validators = new Map<string, ValidateFunction>();
/** Tool name → the result shapes seen (the outcome, or `ok` for a result without one). */
const seen = new Map<string, Set<string>>();

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'sm-mcp-outputs-'));
  for (const [rel, text] of Object.entries(PROJECT)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  expect(runSm(['scan', '-q'], { cwd: root }).code).toBe(1);
  expect(JSON.parse(runSm(['agent', 'install', '--json'], { cwd: root }).stdout)).toMatchObject({
    outcome: 'installed',
  });
  serve = await spawnServe(root, ['--mcp', '--no-watcher']);
  client = new Client({ name: 'outputs-v1', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(serve.mcpUrl)));
  tools = (await client.listTools()).tools; // also caches the client's own output validators
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  for (const t of tools)
    if (t.outputSchema !== undefined) validators.set(t.name, ajv.compile(t.outputSchema));
}, 60_000);

afterAll(async () => {
  await client?.close();
  await serve?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** Calls a tool through the v1 client (which validates) and re-validates its structuredContent with ajv. */
async function call(name: string, args: Json = {}): Promise<Json> {
  const r = await client.callTool({ name, arguments: args });
  expect(r.isError, `${name} answered isError`).not.toBe(true);
  const structured = r.structuredContent as Json | undefined;
  expect(structured, `${name} carries structuredContent`).toBeTypeOf('object');
  const validate = validators.get(name);
  expect(validate, `${name} advertises an outputSchema`).toBeDefined();
  if (validate !== undefined && !validate(structured))
    throw new Error(`${name} result breaks its outputSchema: ${JSON.stringify(validate.errors)}`);
  const shape = typeof structured?.['outcome'] === 'string' ? structured['outcome'] : 'ok';
  seen.set(name, (seen.get(name) ?? new Set()).add(shape));
  return structured ?? {};
}

describe('the tool list', () => {
  it('gives each of the 21 tools a title, all four annotations, icons and an object outputSchema', () => {
    expect(tools).toHaveLength(21);
    for (const t of tools) {
      expect(t.title, t.name).toEqual(expect.any(String));
      expect(Object.keys(t.annotations ?? {}).sort(), t.name).toEqual(
        ['destructiveHint', 'idempotentHint', 'openWorldHint', 'readOnlyHint', 'title'].sort(),
      );
      expect(t.annotations?.openWorldHint, t.name).toBe(false);
      expect(t.outputSchema?.type, t.name).toBe('object');
      expect(t.icons?.[0]?.src, t.name).toMatch(/^data:image\/svg\+xml;base64,/);
    }
  });

  it('annotations say what the tools do: reads are read-only, overwrites and deletes are destructive', () => {
    const hints = Object.fromEntries(
      tools.map((t) => [
        t.name,
        [t.annotations?.readOnlyHint, t.annotations?.destructiveHint, t.annotations?.idempotentHint],
      ]),
    );
    for (const read of [
      'query_graph',
      'get_node',
      'list_issues',
      'get_branch',
      'list_extensions',
      'list_jobs',
      'get_job',
      'list_findings',
      'list_issue_suppressions',
    ])
      expect(hints[read], read).toEqual([true, false, true]);
    expect(hints['submit_job']).toEqual([false, true, false]); // supersedes queued fixer jobs
    expect(hints['claim_job']).toEqual([false, true, false]); // reaps expired claims
    expect(hints['record_job']).toEqual([false, true, true]); // replaces earlier findings; a repeat is not-running
    for (const flip of ['resolve_finding', 'dismiss_finding', 'reopen_finding'])
      // overwrite resolution and note
      expect(hints[flip], flip).toEqual([false, true, true]);
    expect(hints['undismiss_issue']).toEqual([false, true, false]); // removes the first matching entry
  });

  it('the server, its resources and its template carry the icon too', async () => {
    expect(client.getServerVersion()?.icons?.[0]?.src).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(
      (client.getServerVersion()?.icons?.[0]?.src ?? '').split(',')[1] ?? '',
      'base64',
    ).toString('utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    for (const r of (await client.listResources()).resources) expect(r.icons, r.uri).toHaveLength(1);
    for (const t of (await client.listResourceTemplates()).resourceTemplates)
      expect(t.icons, t.uriTemplate).toHaveLength(1);
  });

  it('the v1 client really validates: a result that breaks the schema it was given is refused', async () => {
    const strict = new Client({ name: 'outputs-strict', version: '1.0.0' });
    await strict.connect(new StreamableHTTPClientTransport(new URL(serve.mcpUrl)));
    try {
      const { tools: listed } = await strict.listTools();
      const list = listed.find((t) => t.name === 'list_issues');
      // What a client holding a schema this result does not meet sees (the client's own cache of tools/list).
      (strict as unknown as { cacheToolMetadata(t: Tool[]): void }).cacheToolMetadata([
        { ...list!, outputSchema: { type: 'object', required: ['notAField'] } },
      ]);
      const err = await strict.callTool({ name: 'list_issues', arguments: {} }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(McpError);
      expect((err as McpError).message).toContain('output schema');
    } finally {
      await strict.close();
    }
  });
});

describe('every tool result validates against its outputSchema', () => {
  it('map reads, the queue with its refusals, findings and issue suppressions', async () => {
    await call('query_graph');
    await call('query_graph', { kind: 'skill', limit: 1 });
    await call('get_node', { path: LINT, includeBody: true });
    await call('list_issues');
    await call('get_branch', { path: ['.claude'] });

    const { extensions } = await call('list_extensions');
    const created = await call('submit_job', { node: LINT, extension: FINDER });
    expect(created['outcome']).toBe('created');
    expect((await call('submit_job', { node: LINT, extension: FINDER }))['outcome']).toBe('duplicate');
    await call('list_jobs');
    await call('get_job', { id: created['jobId'] });
    const bad = await call('claim_job');
    expect(bad['id']).toBe(created['jobId']);
    // A finder's duplicate of a running job is `duplicate` (job-running is the fixers' overlap rule).
    expect((await call('submit_job', { node: LINT, extension: FINDER }))['outcome']).toBe('duplicate');
    expect(await call('claim_job')).toEqual({ id: null, nonce: null, content: null });
    expect(
      (await call('record_job', { id: bad['id'], nonce: '0'.repeat(32), status: 'failed' }))['outcome'],
    ).toBe('nonce-mismatch');
    expect(
      (await call('record_job', { id: bad['id'], nonce: bad['nonce'], status: 'completed', report: '{}' }))[
        'outcome'
      ],
    ).toBe('report-invalid');
    expect(
      (await call('record_job', { id: bad['id'], nonce: bad['nonce'], status: 'failed' }))['outcome'],
    ).toBe('not-running');
    expect((await call('record_job', { id: 'd-nope', nonce: 'n', status: 'failed' }))['outcome']).toBe(
      'not-found',
    );

    await call('submit_job', { node: LINT, extension: FINDER });
    const good = await call('claim_job');
    expect(
      (
        await call('record_job', {
          id: good['id'],
          nonce: good['nonce'],
          status: 'completed',
          report: REPORT,
        })
      )['outcome'],
    ).toBe('completed');

    // The file changed since the scan: drift.
    const file = join(root, DEPLOY);
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, `${original}\nEdited after the scan.\n`);
    expect((await call('submit_job', { node: DEPLOY, extension: FINDER }))['outcome']).toBe('drift');
    writeFileSync(file, original);
    // A fixer with no open finding to fix: no-findings.
    const fixer = (extensions as Json[]).find((e) => e['role'] === 'fixer');
    expect(fixer).toBeDefined();
    expect((await call('submit_job', { node: DEPLOY, extension: fixer?.['id'] }))['outcome']).toBe(
      'no-findings',
    );

    const toCancel = await call('submit_job', { node: DEPLOY, extension: FINDER });
    expect((await call('cancel_job', { id: toCancel['jobId'] }))['outcome']).toBe('cancelled');
    expect((await call('cancel_job', { id: toCancel['jobId'] }))['outcome']).toBe('already-terminal');
    expect((await call('cancel_job', { id: 'd-nope' }))['outcome']).toBe('not-found');
    const toFail = await call('submit_job', { node: DEPLOY, extension: FINDER });
    expect((await call('fail_job', { id: toFail['jobId'] }))['outcome']).toBe('failed');
    expect((await call('fail_job', { id: toFail['jobId'] }))['outcome']).toBe('already-terminal');
    expect((await call('fail_job', { id: 'd-nope' }))['outcome']).toBe('not-found');

    const { findings } = await call('list_findings');
    const finding = (findings as Json[])[0] ?? {};
    const id = finding['id'] as number;
    const outcomes = async (name: string, args: Json, n: number): Promise<string[]> => {
      const out: string[] = [];
      for (let i = 0; i < n; i++) out.push((await call(name, args))['outcome'] as string);
      return out;
    };
    expect(await outcomes('resolve_finding', { id }, 2)).toEqual(['resolved', 'already-fixed']);
    expect(await outcomes('reopen_finding', { id }, 2)).toEqual(['reopened', 'already-open']);
    expect(await outcomes('dismiss_finding', { id }, 2)).toEqual(['dismissed', 'already-dismissed']);
    expect(await outcomes('dismiss_finding', { id, class: true, confirm: true }, 1)).toEqual(['suppressed']);
    const klass = { node: LINT, extension: finding['extensionId'], type: finding['type'], confirm: true };
    expect(await outcomes('undismiss_finding', klass, 2)).toEqual(['unsuppressed', 'no-match']);
    expect(await outcomes('undismiss_finding', { ...klass, node: 'docs/none.md' }, 1)).toEqual(['not-found']);
    expect(await outcomes('delete_finding', { id, confirm: true }, 2)).toEqual(['deleted', 'not-found']);
    for (const other of ['resolve_finding', 'reopen_finding', 'dismiss_finding'])
      expect(await outcomes(other, { id }, 1)).toEqual(['not-found']);

    const broken = (await call('list_issues', { analyzerId: 'reference-broken', node: DEPLOY }))[
      'items'
    ] as Json[];
    const entry = {
      node: DEPLOY,
      analyzer: 'reference-broken',
      value: broken[0]?.['data']['target'],
      confirm: true,
    };
    expect(await outcomes('dismiss_issue', entry, 2)).toEqual(['suppressed', 'already-suppressed']);
    await call('list_issue_suppressions');
    await call('list_issue_suppressions', { node: DEPLOY });
    expect(await outcomes('undismiss_issue', entry, 2)).toEqual(['unsuppressed', 'not-found']);

    expect([...seen.keys()].sort()).toEqual(tools.map((t) => t.name).sort());
  }, 120_000);
});
