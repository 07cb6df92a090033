// Acceptance of the operable surface: the whole processing loop driven by the official v1 SDK client over HTTP
// against a SPAWNED `sm serve --mcp`, and the same loop through `sm` verbs on an identical project; both must
// leave the same database, sidecars and operations log (up to ids, timestamps and the channel). No read surface
// (MCP, REST, CLI, /ws, operations log) may carry a nonce. Runs against the BUILT bin.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { runSm } from './support/sm-bin.js';
import { smAsync, spawnServe } from './support/sm-process.js';
import type { ServeProcess } from './support/sm-process.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- payloads are read loosely; shapes are asserted
type Json = Record<string, any>;

const LINT = '.claude/skills/lint/SKILL.md';
const DEPLOY = '.claude/commands/deploy.md';
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
  findings: [{ type: 'unpinned-tool', severity: 'warn', message: 'Runs "the linter" without naming it.' }],
});

function makeProject(prefix: string): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  for (const [rel, text] of Object.entries(PROJECT)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  expect(runSm(['scan', '-q'], { cwd: root }).code).toBe(1); // the broken reference is an error
  const install = runSm(['agent', 'install', '--json'], { cwd: root });
  expect(JSON.parse(install.stdout)).toMatchObject({ outcome: 'installed' });
  return root;
}

/** Everything the loop may change, with ids, times and hashes of runs left out. */
function stateOf(root: string): Json {
  const db = new Database(join(root, '.skill-map', 'skill-map.db'), { readonly: true });
  try {
    const all = (sql: string): unknown[] => db.prepare(sql).all();
    const sidecars: Record<string, string> = {};
    const visit = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const abs = join(dir, e.name);
        if (e.isDirectory() && e.name !== '.skill-map') visit(abs);
        else if (e.name.endsWith('.sm')) sidecars[relative(root, abs)] = readFileSync(abs, 'utf8');
      }
    };
    visit(root);
    return {
      jobs: all(`SELECT extension_id, extension_kind, node_id, status, failure_reason, runner, priority, auto_fix
                 FROM state_jobs ORDER BY extension_id, node_id, status`),
      executions: all(`SELECT extension_id, status, failure_reason, node_ids_json FROM state_executions
                       ORDER BY extension_id, status`),
      findings:
        all(`SELECT node_id, extension_id, origin, type, severity, message, resolution, resolution_actor
                     FROM state_findings ORDER BY node_id, type`),
      issues: all(
        `SELECT analyzer_id, data_target, severity FROM scan_issues ORDER BY analyzer_id, data_target`,
      ),
      sidecars,
    };
  } finally {
    db.close();
  }
}

/** The operations-log lines of the loop's mutations (scans are the server's or the CLI's own, left out). */
function opsOf(root: string): Json[] {
  return readFileSync(join(root, '.skill-map', 'operations.log'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Json)
    .filter((l) => l['op'] !== 'scan');
}

/** The server appends to the log off the request path: wait until it holds `n` non-scan lines. */
async function opsSettled(root: string, n: number): Promise<Json[]> {
  for (let i = 0; i < 100 && opsOf(root).length < n; i++) await sleep(50);
  return opsOf(root);
}

const opsShape = (ops: Json[]): Json[] =>
  ops.map(({ op, target, extension, outcome, detail }) => ({ op, target, extension, outcome, detail }));
/** The log's shape with the claim lines apart and sorted: which parked claim takes which job is a race. */
const opsLoopShape = (ops: Json[]): Json => ({
  rest: opsShape(ops.filter((l) => l['op'] !== 'jobs.claim')),
  claims: opsShape(ops.filter((l) => l['op'] === 'jobs.claim'))
    .map((l) => JSON.stringify(l))
    .sort(),
});

let mcpRoot: string;
let cliRoot: string;
let serve: ServeProcess;
let client: Client;
const frames: string[] = [];
let ws: WebSocket;
const nonces: string[] = [];

beforeAll(async () => {
  mcpRoot = makeProject('sm-loop-mcp-');
  cliRoot = makeProject('sm-loop-cli-');
  serve = await spawnServe(mcpRoot, ['--mcp', '--no-watcher']);
  ws = new WebSocket(`${serve.baseUrl.replace('http', 'ws')}/ws`);
  ws.on('message', (data: Buffer) => frames.push(data.toString('utf8')));
  await new Promise((r) => ws.once('open', r));
  client = new Client({ name: 'loop-v1', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(serve.mcpUrl)));
});

afterAll(async () => {
  ws?.close();
  await client?.close();
  await serve?.stop();
  for (const r of [mcpRoot, cliRoot]) if (r) rmSync(r, { recursive: true, force: true });
});

async function tool(name: string, args: Json = {}): Promise<Json> {
  const r = await client.callTool({ name, arguments: args });
  if (r.isError === true) throw new Error(`${name}: ${JSON.stringify(r.content)}`);
  return (r.structuredContent ??
    JSON.parse((r.content as Array<{ text: string }>)[0]?.text ?? 'null')) as Json;
}

async function refusal(name: string, args: Json): Promise<McpError> {
  const err = await client.callTool({ name, arguments: args }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(McpError);
  return err as McpError;
}

const rescan = async (): Promise<void> => {
  const r = await fetch(`${serve.baseUrl}/api/scan`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"mode":"changed"}',
  });
  expect(r.status).toBe(200);
};

/** `sm <argv> --json` in the CLI project, stdout parsed (empty on a refusal, which prints on stderr). */
const sm = (argv: readonly string[]): { code: number | null; json: Json } => {
  const r = runSm([...argv, '--json'], { cwd: cliRoot });
  return { code: r.code, json: r.stdout.trim() === '' ? {} : (JSON.parse(r.stdout) as Json) };
};

describe('the processing loop over MCP (v1 SDK, spawned sm serve --mcp) and through sm verbs', () => {
  it('MCP: extensions, submit, duplicate, claim, parked claims, record, findings, consent, issue suppression', async () => {
    const { extensions } = await tool('list_extensions');
    expect(extensions.map((e: Json) => e.id)).toContain('core/ai-security-analyzer');
    expect(extensions.find((e: Json) => e.id === 'core/ai-security-action')).toMatchObject({
      role: 'fixer',
      analyzerIds: ['core/ai-security-analyzer'],
    });

    const created = await tool('submit_job', { node: LINT, extension: 'ai-security-analyzer' });
    expect(created).toMatchObject({ outcome: 'created', nodePath: LINT, supersededIds: [] });
    expect(created).not.toHaveProperty('nonce');
    expect(await tool('submit_job', { node: LINT, extension: 'ai-security-analyzer' })).toEqual({
      outcome: 'duplicate',
      existingId: created['jobId'],
    });

    const claimed = await tool('claim_job');
    expect(claimed).toMatchObject({ id: created['jobId'], nonce: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(claimed['content']).toContain(`<user-content id="${LINT}">`);
    nonces.push(claimed['nonce']);

    // Two parked claims: one asked for progress (a token), one did not (its own session, which must see none).
    const progress: number[] = [];
    const parkedWithToken = client.callTool(
      { name: 'claim_job', arguments: { wait: 60, filter: 'ai-vagueness-analyzer' } },
      undefined,
      { onprogress: (p) => void progress.push(p.progress), timeout: 90_000 },
    );
    const bare = new Client({ name: 'loop-bare', version: '1.0.0' });
    const bareErrors: string[] = [];
    bare.onerror = (e) => void bareErrors.push(e.message);
    await bare.connect(new StreamableHTTPClientTransport(new URL(serve.mcpUrl)));
    const parkedBare = bare.callTool(
      { name: 'claim_job', arguments: { wait: 60, filter: 'ai-vagueness-analyzer' } },
      undefined,
      { timeout: 90_000 },
    );
    while (progress.length === 0) await sleep(250); // the heartbeat comes about every 15 s
    const v1 = await tool('submit_job', { node: LINT, extension: 'ai-vagueness-analyzer' });
    const v2 = await tool('submit_job', { node: DEPLOY, extension: 'ai-vagueness-analyzer' });
    const parkedIds = [
      ((await parkedWithToken).structuredContent as Json)['id'],
      ((await parkedBare).structuredContent as Json)['id'],
    ].sort();
    expect(parkedIds).toEqual([v1['jobId'], v2['jobId']].sort());
    for (const r of [await parkedWithToken, await parkedBare])
      nonces.push((r.structuredContent as Json)['nonce']);
    expect(bareErrors.filter((m) => /progress/i.test(m))).toEqual([]);
    await bare.close();

    // A wrong nonce changes nothing; the right one records the finder's report.
    const before = { state: stateOf(mcpRoot), ops: await opsSettled(mcpRoot, 6) };
    expect(
      await tool('record_job', {
        id: claimed['id'],
        nonce: '0'.repeat(32),
        status: 'completed',
        report: REPORT,
      }),
    ).toEqual({ outcome: 'nonce-mismatch' });
    await sleep(200); // a line the refusal wrongly queued would land by now
    expect({ state: stateOf(mcpRoot), ops: opsOf(mcpRoot) }).toEqual(before);
    expect(
      await tool('record_job', {
        id: claimed['id'],
        nonce: claimed['nonce'],
        status: 'completed',
        report: REPORT,
      }),
    ).toMatchObject({ outcome: 'completed', executionId: expect.stringMatching(/^e-/) });

    const { findings } = await tool('list_findings');
    expect(findings).toHaveLength(1);
    const fid = findings[0]['id'] as number;
    expect(findings[0]).toMatchObject({ nodeId: LINT, type: 'unpinned-tool', stale: false });
    expect(await tool('resolve_finding', { id: fid })).toEqual({ outcome: 'resolved' });
    expect(await tool('reopen_finding', { id: fid })).toEqual({ outcome: 'reopened' });

    // A class dismissal writes the sidecar: refused without consent (nothing written), accepted with confirm.
    const beforeClass = { state: stateOf(mcpRoot), ops: await opsSettled(mcpRoot, 9) };
    const denied = await refusal('dismiss_finding', { id: fid, class: true });
    expect(denied.code).toBe(-32602);
    expect(denied.message).toContain("details.key = 'allowEditSmFiles'");
    expect(denied.data).toMatchObject({ key: 'allowEditSmFiles' });
    await sleep(200);
    expect({ state: stateOf(mcpRoot), ops: opsOf(mcpRoot) }).toEqual(beforeClass);
    expect(await tool('dismiss_finding', { id: fid, class: true, confirm: true })).toEqual({
      outcome: 'suppressed',
    });

    // An issue suppression: gone at once, still gone after a rescan; undismissed, back at the next scan.
    const broken = (await tool('list_issues', { analyzerId: 'reference-broken', node: DEPLOY }))['items'];
    expect(broken).toHaveLength(1);
    const value = broken[0]['data']['target'] as string;
    expect(
      await tool('dismiss_issue', { node: DEPLOY, analyzer: 'reference-broken', value, confirm: true }),
    ).toEqual({ outcome: 'suppressed', deletedIssues: 1 });
    expect((await tool('list_issues', { analyzerId: 'reference-broken' }))['total']).toBe(0);
    await rescan();
    expect((await tool('list_issues', { analyzerId: 'reference-broken' }))['total']).toBe(0);
    expect(
      await tool('undismiss_issue', { node: DEPLOY, analyzer: 'reference-broken', value, confirm: true }),
    ).toMatchObject({ outcome: 'unsuppressed', removed: { analyzer: 'reference-broken', value } });
    await rescan();
    expect((await tool('list_issues', { analyzerId: 'reference-broken' }))['total']).toBe(1);

    const ops = await opsSettled(mcpRoot, 12);
    expect(ops.every((l) => l['channel'] === 'mcp')).toBe(true);
    // Three claims (one direct, two parked); a parked claim may log after the next submit, so they are counted.
    expect(ops.filter((l) => l['op'] === 'jobs.claim').map((l) => l['outcome'])).toEqual([
      'claimed',
      'claimed',
      'claimed',
    ]);
    expect(ops.filter((l) => l['op'] !== 'jobs.claim').map((l) => l['op'])).toEqual([
      'jobs.submit',
      'jobs.submit',
      'jobs.submit',
      'jobs.record',
      'findings.resolve',
      'findings.reopen',
      'findings.dismiss',
      'issues.dismiss',
      'issues.undismiss',
    ]);
  }, 120_000);

  it('CLI: the same loop through sm verbs leaves the same database, sidecars and operations log', async () => {
    const created = sm(['jobs', 'submit', LINT, 'ai-security-analyzer']);
    expect(created.code).toBe(0);
    expect(sm(['jobs', 'submit', LINT, 'ai-security-analyzer'])).toMatchObject({
      code: 3,
      json: { duplicate: true, outcome: 'duplicate', existingId: created.json['id'] },
    });
    const claimed = sm(['jobs', 'claim']);
    expect(claimed.json).toMatchObject({ id: created.json['id'] });
    nonces.push(claimed.json['nonce']);

    const parked = [0, 1].map(() =>
      smAsync(cliRoot, [
        'jobs',
        'claim',
        '--wait',
        '--timeout',
        '60',
        '--filter',
        'ai-vagueness-analyzer',
        '--json',
      ]),
    );
    await sleep(2500);
    expect(sm(['jobs', 'submit', LINT, 'ai-vagueness-analyzer']).code).toBe(0);
    expect(sm(['jobs', 'submit', DEPLOY, 'ai-vagueness-analyzer']).code).toBe(0);
    for (const run of await Promise.all(parked)) {
      expect(run.code).toBe(0);
      nonces.push((JSON.parse(run.stdout) as Json)['nonce']);
    }

    const id = claimed.json['id'] as string;
    const wrong = runSm(['record', id, '--nonce', '0'.repeat(32), '--status', 'completed', '--report', '-'], {
      cwd: cliRoot,
    });
    expect(wrong.code).toBe(4);
    const right = await smAsync(
      cliRoot,
      ['record', id, '--nonce', claimed.json['nonce'], '--status', 'completed', '--report', '-', '--json'],
      REPORT,
    );
    expect(right.code).toBe(0);

    const fid = (sm(['findings']).json['findings'] as Json[])[0]?.['id'] as number;
    expect(sm(['findings', 'resolve', String(fid)]).json).toMatchObject({ outcome: 'resolved' });
    expect(sm(['findings', 'reopen', String(fid)]).json).toMatchObject({ outcome: 'reopened' });
    expect(sm(['findings', 'dismiss', String(fid), '--class']).code).toBe(2);
    expect(sm(['findings', 'dismiss', String(fid), '--class', '--yes']).json).toMatchObject({
      outcome: 'suppressed',
    });
    const value = 'docs/missing.md';
    expect(sm(['issues', 'dismiss', DEPLOY, 'reference-broken', value, '--yes']).json).toMatchObject({
      outcome: 'suppressed',
      deletedIssues: 1,
    });
    expect(runSm(['scan', '-q'], { cwd: cliRoot }).code).toBe(0);
    expect(sm(['issues', 'undismiss', DEPLOY, 'reference-broken', value, '--yes']).json).toMatchObject({
      outcome: 'unsuppressed',
    });
    expect(runSm(['scan', '-q'], { cwd: cliRoot }).code).toBe(1);

    expect(stateOf(cliRoot)).toEqual(stateOf(mcpRoot));
    const cliOps = opsOf(cliRoot);
    expect(cliOps.every((l) => l['channel'] === 'cli')).toBe(true);
    expect(opsLoopShape(cliOps)).toEqual(opsLoopShape(opsOf(mcpRoot)));
  }, 120_000);

  it('no read surface carries a nonce: MCP, REST, CLI, /ws and the operations log', async () => {
    expect(nonces).toHaveLength(6);
    const ids = ((await tool('list_jobs'))['items'] as Json[]).map((j) => j['id'] as string);
    expect(ids).toHaveLength(3);
    const surfaces: string[] = [JSON.stringify(await tool('list_jobs'))];
    for (const status of ['queued', 'running', 'completed', 'failed', 'cancelled'])
      surfaces.push(JSON.stringify(await tool('list_jobs', { status })));
    for (const id of ids) {
      surfaces.push(JSON.stringify(await tool('get_job', { id })));
      surfaces.push(await (await fetch(`${serve.baseUrl}/api/jobs/${id}`)).text());
    }
    surfaces.push(await (await fetch(`${serve.baseUrl}/api/jobs`)).text());
    surfaces.push(frames.join('\n'));
    expect(frames.some((f) => f.includes('"job.claimed"'))).toBe(true);
    for (const root of [mcpRoot, cliRoot]) {
      surfaces.push(readFileSync(join(root, '.skill-map', 'operations.log'), 'utf8'));
      surfaces.push(runSm(['jobs', 'list', '--json'], { cwd: root }).stdout);
      for (const j of JSON.parse(runSm(['jobs', 'list', '--json'], { cwd: root }).stdout) as Json[])
        surfaces.push(runSm(['jobs', 'show', j['id'], '--json'], { cwd: root }).stdout);
    }
    const all = surfaces.join('\n');
    expect(all).toContain(ids[0]);
    for (const nonce of nonces) expect(all).not.toContain(nonce);
  }, 60_000);
});
