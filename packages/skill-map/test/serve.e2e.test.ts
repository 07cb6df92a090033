// `sm serve --mcp --port 0` as a real child process on a temp project: the map over MCP in both protocol eras,
// live updates from edits on disk, liveness reaping, the loopback gate, and a clean SIGTERM (the official
// conformance suite runs in conformance.e2e.test.ts). Runs against the BUILT bin.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { createSpecValidator } from '@skill-map/spec/testing';
import type { SchemaName } from '@skill-map/spec/testing';
import { spawnSm } from './support/sm-bin.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- responses are read loosely; shapes are asserted
type Json = Record<string, any>;
const spec = createSpecValidator();
const valid = (schema: SchemaName, value: unknown): void => {
  const r = spec.validate(schema, value);
  expect(r.ok ? [] : r.errors).toEqual([]);
};

const PROJECT: Record<string, string> = {
  '.skill-map/settings.json': JSON.stringify({ scan: { watch: { debounceMs: 100 } } }),
  'AGENTS.md': '# Agents\nRun `/ship`; ask @reviewer. See [the guide](docs/guide.md).\n',
  '.claude/skills/lint/SKILL.md':
    '---\nname: lint\ndescription: Lints the code.\n---\nRun the linter. Then [notes](../notes/SKILL.md).\n',
  '.claude/skills/notes/SKILL.md':
    '---\nname: notes\ndescription: Writes notes.\n---\nSee [missing](missing.md).\n',
  '.claude/agents/reviewer.md':
    '---\nname: reviewer\ndescription: Reviews.\ntools: Read, mcp__github__get_pr\n---\nUse the lint skill.\n',
  '.claude/commands/ship.md': '---\ndescription: Ship it.\n---\nAsk @reviewer, then deploy.\n',
  'docs/guide.md': '# Guide\nBack to [agents](../AGENTS.md).\n',
};

let root: string;
let child: ChildProcessWithoutNullStreams;
let stderr = '';
let base = '';
let exit: Promise<number | null>;

function write(files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
}

/** A raw HTTP request, so Host and Origin can be forged. */
function raw(path: string, headers: Record<string, string>, method = 'GET', body?: string): Promise<number> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method, headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Polls `probe` until it returns a truthy value (hooks cannot use expect.poll). */
async function until<T>(probe: () => T | Promise<T>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await Promise.resolve(probe()).catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out; server stderr:\n${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'sm-serve-e2e-'));
  write(PROJECT);
  child = spawnSm(['serve', '--mcp', '--port', '0', '--no-open'], {
    cwd: root,
    env: {
      SKILL_MAP_MCP_PING_DEADLINE_MS: '300',
      SKILL_MAP_MCP_GRACE_MS: '1500',
      SKILL_MAP_MCP_SWEEP_MS: '0',
    },
  });
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  exit = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  const info = join(root, '.skill-map', 'serve.json');
  await until(() => existsSync(info), 20_000);
  const { host, port } = JSON.parse(readFileSync(info, 'utf8')) as { host: string; port: number };
  base = `http://${host}:${port}`;
  // The boot scan maps the project without any edit.
  await until(
    async () => ((await (await fetch(`${base}/api/nodes`)).json()) as Json)['items']?.length > 0,
    20_000,
  );
});

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

describe('sm serve --mcp as a process', () => {
  it('prints the URLs and host recipes on stderr', () => {
    expect(stderr).toContain(`${base}/mcp`);
    expect(stderr).toContain(`claude mcp add --transport http skill-map ${base}/mcp`);
  });

  it('serves every map tool and resource to the v1 SDK client, outputs valid against the schemas', async () => {
    const client = new Client({ name: 'e2e-v1', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
    try {
      expect(client.getServerCapabilities()).toEqual({
        tools: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
        extensions: { 'io.modelcontextprotocol/ui': {} },
      });
      expect(client.getServerVersion()?.name).toBe('skill-map');
      const q = (await client.callTool({ name: 'query_graph', arguments: { kind: 'skill' } }))
        .structuredContent as Json;
      expect(q['nodes'].map((n: Json) => n['path']).sort()).toEqual([
        '.claude/skills/lint/SKILL.md',
        '.claude/skills/notes/SKILL.md',
      ]);
      for (const n of q['nodes']) valid('node', n);
      for (const l of q['links']) valid('link', l);
      const node = (
        await client.callTool({
          name: 'get_node',
          arguments: { path: '.claude/agents/reviewer.md', includeBody: true },
        })
      ).structuredContent as Json;
      valid('node', node['item']);
      expect(node['item'].body).toContain('Use the lint skill.');
      expect(node['links'].incoming.map((l: Json) => l['source']).sort()).toEqual([
        '.claude/commands/ship.md',
        'AGENTS.md',
      ]);
      const issues = (
        await client.callTool({ name: 'list_issues', arguments: { analyzerId: 'reference-broken' } })
      ).structuredContent as Json;
      expect(issues['items'].map((i: Json) => i['data']?.target)).toContain(
        '.claude/skills/notes/missing.md',
      );
      for (const i of issues['items']) valid('issue', i);
      const branch = (await client.callTool({ name: 'get_branch', arguments: { path: ['.claude/skills'] } }))
        .structuredContent as Json;
      expect(branch['branch']).toMatchObject({ total: 2, rootExcluded: true });
      const graph = await client.readResource({ uri: 'skillmap://graph' });
      valid('scanResult', JSON.parse((graph.contents[0] as { text: string }).text));
      const all = JSON.parse(
        ((await client.readResource({ uri: 'skillmap://issues' })).contents[0] as { text: string }).text,
      ) as Json;
      expect(all['items']).toHaveLength(all['total']);
      const activity = JSON.parse(
        ((await client.readResource({ uri: 'skillmap://activity' })).contents[0] as { text: string }).text,
      ) as Json;
      expect(activity).toMatchObject({ nodes: [], pairs: [] });
      const bundle = JSON.parse(
        (
          (await client.readResource({ uri: 'skillmap://node/.claude/skills/lint/SKILL.md' }))
            .contents[0] as { text: string }
        ).text,
      ) as Json;
      expect(bundle['item'].path).toBe('.claude/skills/lint/SKILL.md');
      await expect(
        client.callTool({ name: 'get_node', arguments: { path: 'nope.md' } }),
      ).rejects.toMatchObject({ code: -32602 });
      await expect(client.callTool({ name: 'query_graph', arguments: { limit: 'x' } })).rejects.toMatchObject(
        { code: -32602 },
      );
    } finally {
      await client.close();
    }
  });

  it('notifies a subscriber of an edit on disk, and sends list_changed only when a file is added', async () => {
    const client = new Client({ name: 'e2e-sub', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
    const updates: string[] = [];
    let listChanged = 0;
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updates.push(n.params.uri));
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void (listChanged += 1));
    try {
      await client.subscribeResource({ uri: 'skillmap://graph' });
      await new Promise((r) => setTimeout(r, 300));
      write({ 'docs/guide.md': '# Guide\nEdited on disk. Back to [agents](../AGENTS.md).\n' });
      await expect.poll(() => updates, { timeout: 15_000 }).toContain('skillmap://graph');
      await new Promise((r) => setTimeout(r, 400));
      expect(listChanged).toBe(0);
      write({ '.claude/skills/extra/SKILL.md': '---\nname: extra\ndescription: One more.\n---\nExtra.\n' });
      await expect.poll(() => listChanged, { timeout: 15_000 }).toBe(1);
      const added = (
        await client.callTool({ name: 'get_node', arguments: { path: '.claude/skills/extra/SKILL.md' } })
      ).structuredContent as Json;
      expect(added['item'].kind).toBe('skill');
    } finally {
      await client.close();
    }
  });

  it('serves the 2026-07-28 era to the v2 client in auto mode, with updates through subscriptions/listen', async () => {
    const client = new ClientV2(
      { name: 'e2e-v2', version: '1.0.0' },
      { versionNegotiation: { mode: 'auto' } },
    );
    await client.connect(new TransportV2(new URL(`${base}/mcp`)));
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      const { tools } = await client.listTools();
      // The contract's 21 tools: 4 map reads, 8 queue, 6 findings, 3 issue suppressions.
      expect(tools.map((t) => t.name).sort()).toEqual(
        [
          ...['get_branch', 'get_node', 'list_issues', 'query_graph'],
          ...[
            'list_extensions',
            'list_jobs',
            'get_job',
            'submit_job',
            'claim_job',
            'record_job',
            'cancel_job',
          ],
          'fail_job',
          ...['list_findings', 'resolve_finding', 'dismiss_finding', 'reopen_finding', 'undismiss_finding'],
          'delete_finding',
          ...['dismiss_issue', 'undismiss_issue', 'list_issue_suppressions'],
        ].sort(),
      );
      const q = (await client.callTool({ name: 'query_graph', arguments: { kind: 'agent' } }))
        .structuredContent as Json;
      expect(q['nodes'].map((n: Json) => n['path'])).toEqual(['.claude/agents/reviewer.md']);
      const r = await client.readResource({ uri: 'skillmap://node/docs/guide.md' });
      expect(JSON.parse((r.contents[0] as { text: string }).text)).toMatchObject({
        item: { path: 'docs/guide.md' },
      });
      const updates: string[] = [];
      client.setNotificationHandler(
        'notifications/resources/updated',
        (n) => void updates.push(n.params.uri),
      );
      const sub = await client.listen({ resourceSubscriptions: ['skillmap://graph'] });
      write({ 'docs/guide.md': '# Guide\nModern-era edit. Back to [agents](../AGENTS.md).\n' });
      await expect.poll(() => updates, { timeout: 15_000 }).toContain('skillmap://graph');
      await sub.close();
    } finally {
      await client.close();
    }
  });

  it('stops counting a client that left without DELETE, and reaps its session after the grace window', async () => {
    const status = async (): Promise<Json> => (await (await fetch(`${base}/api/mcp/status`)).json()) as Json;
    const client = new Client({ name: 'e2e-leaver', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`));
    await client.connect(transport);
    const sid = transport.sessionId ?? '';
    await expect.poll(async () => (await status())['clients'], { timeout: 10_000 }).toBe(1);
    await client.close(); // aborts its streams, sends no DELETE
    await expect.poll(async () => (await status())['clients'], { timeout: 10_000 }).toBe(0);
    const ping = (): Promise<number> =>
      raw(
        '/mcp',
        {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': sid,
        },
        'POST',
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      );
    // Still routable right after the first misses (one miss never reaps)...
    await new Promise((r) => setTimeout(r, 2000));
    await status();
    await status();
    // ...and gone once it has been unreachable and silent for the whole window.
    await expect.poll(async () => (await status(), await ping()), { timeout: 10_000 }).toBe(404);
  });

  it('refuses a foreign Host or Origin with 403 on /api, /ws and /mcp, and keeps serving', async () => {
    expect(await raw('/api/health', { host: 'evil.example:80' })).toBe(403);
    expect(await raw('/api/health', { origin: 'http://evil.example' })).toBe(403);
    expect(
      await raw(
        '/mcp',
        {
          host: 'evil.example',
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        'POST',
        '{}',
      ),
    ).toBe(403);
    expect(
      await raw('/mcp', { origin: 'https://evil.example', 'content-type': 'application/json' }, 'POST', '{}'),
    ).toBe(403);
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, {
      headers: { origin: 'http://evil.example' },
    });
    const refused = await new Promise<number>((resolve) =>
      ws
        .on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
        .on('error', () => resolve(-1)),
    );
    expect(refused).toBe(403);
    expect(
      await raw('/api/nodes', { 'content-type': 'application/json' }, 'POST', '{not json'),
    ).toBeGreaterThanOrEqual(400);
    expect(
      await raw(
        '/mcp',
        { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        'POST',
        '{not json',
      ),
    ).toBe(400);
    expect(
      await raw(
        '/mcp',
        {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': 'no-such-session',
        },
        'POST',
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      ),
    ).toBe(404);
    expect(
      await raw('/api/scan', { 'content-type': 'application/json' }, 'POST', 'x'.repeat(2 * 1024 * 1024)),
    ).toBe(413);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });

  it('shuts down cleanly on SIGTERM: exit 0 and serve.json removed', async () => {
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(existsSync(join(root, '.skill-map', 'serve.json'))).toBe(false);
  });
});
