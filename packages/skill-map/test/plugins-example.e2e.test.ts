// The example plugin (examples/copilot-plugin) dropped into a project, through the BUILT bin and a spawned `sm serve`:
// untrusted, nothing of it runs and doctor says why; trusted, its nodes, issue and format appear on the CLI, REST and
// MCP query_graph and survive an incremental rescan; disabled, they are gone. The copy lives in a temp project.
import { cpSync, existsSync, readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createSpecValidator } from '@skill-map/spec/testing';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { isBuilt, runSm } from './support/sm-bin.js';
import { spawnServe, type ServeProcess } from './support/sm-process.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- responses are read loosely; shapes are asserted
type Json = Record<string, any>;
const EXAMPLE = fileURLToPath(new URL('../../../examples/copilot-plugin', import.meta.url));
const validator = createSpecValidator();
let tree: TempTree;
let marker: string;

const sm = (...argv: string[]) =>
  runSm(argv, { cwd: tree.root, env: { SKILL_MAP_USER_PLUGINS: join(tree.root, 'none') } });
const json = (...argv: string[]): Json => JSON.parse(sm(...argv, '--json').stdout) as Json;
const ruleIds = (): string[] =>
  (json('check', '--list-rules')['rules'] as Json[]).map((r) => String(r['qualifiedId']));
const kindsOf = (scan: Json): Record<string, string> =>
  Object.fromEntries((scan['nodes'] as Json[]).map((n) => [n['path'], `${n['kind']} ${n['provider']}`]));

beforeAll(() => {
  if (!isBuilt()) return;
  tree = createTempTree('sm-e2e-plugin-');
  tree.write({
    '.skill-map/settings.json': JSON.stringify({ scan: { watch: { debounceMs: 100 } } }),
    '.github/copilot-instructions.md': '# Copilot\nFollow the [review prompt](prompts/review.prompt.md).\n',
    '.github/prompts/review.prompt.md': '---\ndescription: Review a change\n---\nReview the diff.\n',
    '.github/prompts/fix.prompt.md': 'Fix the failing test.\n',
    'README.md': '# Project\n',
  });
  const dir = join(tree.root, '.skill-map', 'plugins', 'copilot');
  cpSync(EXAMPLE, dir, { recursive: true });
  // The copy (never examples/) leaves a marker when its provider is imported.
  marker = join(tree.root, 'IMPORTED');
  appendFileSync(
    join(dir, 'extensions', 'provider.mjs'),
    `\nimport { writeFileSync as markImport } from 'node:fs';\nmarkImport(${JSON.stringify(marker)}, 'yes');\n`,
  );
});
afterAll(() => tree?.remove());

describe.skipIf(!isBuilt())('the example Copilot plugin, end to end', () => {
  it('untrusted: nothing of it runs, the prompts are plain markdown, doctor says why', () => {
    expect(sm('scan', '-q').code).toBe(0);
    const scan = json('scan');
    expect(kindsOf(scan)['.github/prompts/fix.prompt.md']).toBe('markdown markdown');
    expect(existsSync(marker)).toBe(false);
    // The reference's report: nothing failed to load, the untrusted plugin counts as not running.
    const doctor = json('plugins', 'doctor');
    expect(validator.validate('pluginsDoctor', doctor)).toEqual({ ok: true });
    expect(doctor['kind']).toBe('plugins.doctor');
    expect(doctor['issues']).toEqual([]);
    expect(doctor['counts']).toMatchObject({ disabled: 1, invalid: 0, loadError: 0 });
    // --details says why and what to do.
    const details = json('plugins', 'doctor', '--details');
    expect(validator.validate('pluginsDoctorDetails', details)).toEqual({ ok: true });
    expect(details['problems']).toEqual([
      expect.objectContaining({
        id: 'copilot',
        status: 'untrusted',
        fix: expect.stringContaining('sm plugins trust copilot'),
      }),
    ]);
    const list = json('plugins', 'list');
    expect(validator.validate('pluginsRegistry', list)).toEqual({ ok: true });
    // Its analyzer is no rule sm check knows.
    expect(ruleIds()).not.toContain('copilot/prompt-description');
    const refused = sm('check', '--analyzers', 'prompt-description');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("unknown analyzer 'prompt-description'");
    expect(existsSync(marker)).toBe(false);
  });

  it('trusted: its nodes, issue and format on the CLI', () => {
    expect(sm('plugins', 'trust', 'copilot').code).toBe(0);
    expect(existsSync(marker)).toBe(true);
    const scan = json('scan');
    expect(kindsOf(scan)).toEqual({
      // sm scan --json prints extension ids bare, as the reference does (our own views keep them qualified).
      '.github/copilot-instructions.md': 'rule copilot',
      '.github/prompts/fix.prompt.md': 'command copilot',
      '.github/prompts/review.prompt.md': 'command copilot',
      'README.md': 'markdown markdown',
    });
    expect(validator.validate('scanResult', scan)).toEqual({ ok: true });
    expect((scan['issues'] as Json[]).map((i) => [i['analyzerId'], i['nodeIds']])).toEqual([
      ['prompt-description', ['.github/prompts/fix.prompt.md']],
    ]);
    // sm check knows its analyzer: --list-rules, --analyzers, SARIF.
    const rule = (json('check', '--list-rules')['rules'] as Json[]).find(
      (r) => r['id'] === 'prompt-description',
    );
    expect(rule).toMatchObject({ qualifiedId: 'copilot/prompt-description', plugin: 'copilot', doc: null });
    const checked = sm('check', '--analyzers', 'prompt-description', '--json');
    expect(checked.code).toBe(0);
    expect((JSON.parse(checked.stdout) as Json)['issues'].map((i: Json) => i['nodeIds'])).toEqual([
      ['.github/prompts/fix.prompt.md'],
    ]);
    const sarif = JSON.parse(sm('check', '--format', 'sarif').stdout) as Json;
    const rules = sarif['runs'][0]['tool']['driver']['rules'] as Json[];
    expect(rules.find((r) => r['id'] === 'prompt-description')?.['properties']['tags']).toContain('copilot');
    const table = sm('graph', '--format', 'copilot-table');
    expect(table.code).toBe(0);
    expect(table.stdout).toContain(
      '| .github/prompts/fix.prompt.md | command | copilot/copilot | 0 | 0 | 1 |',
    );
    const list = json('plugins', 'list');
    expect(validator.validate('pluginsRegistry', list)).toEqual({ ok: true });
    const copilot = (list['plugins'] as Json[]).find((p) => p['id'] === 'copilot')!;
    expect(copilot['status']).toBe('enabled');
    expect((copilot['extensions'] as Json[]).map((e) => e['id'])).toEqual([
      'copilot/copilot',
      'copilot/prompt-description',
      'copilot/table',
    ]);
  });

  describe('sm serve', () => {
    let serve: ServeProcess;
    let client: Client;
    beforeAll(async () => {
      serve = await spawnServe(tree.root, ['--mcp', '--no-ui']);
      client = new Client({ name: 'plugins-e2e', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(serve.mcpUrl)));
    });
    afterAll(async () => {
      await client?.close();
      await serve?.stop();
    });
    const get = async (path: string): Promise<Response> => fetch(`${serve.baseUrl}${path}`);
    const contributionsOf = async (path: string): Promise<Json[]> => {
      const body = (await (
        await get(`/api/nodes/${Buffer.from(path).toString('base64url')}`)
      ).json()) as Json;
      expect(validator.validate('restEnvelope', body)).toEqual({ ok: true });
      return body['item']['contributions'] as Json[];
    };
    const commands = async (): Promise<string[]> =>
      ((await (await get('/api/nodes?kind=command')).json()) as Json)['items'].map((n: Json) => n['path']);

    it('REST lists the plugins and serves the plugin format; MCP query_graph sees its nodes', async () => {
      const plugins = (await (await get('/api/plugins')).json()) as Json;
      expect(plugins['items'].find((p: Json) => p['id'] === 'copilot')['status']).toBe('enabled');
      const table = await get('/api/graph?format=copilot-table');
      expect(table.status).toBe(200);
      expect(table.headers.get('content-type')).toContain('text/markdown');
      expect(await table.text()).toContain(
        '| .github/prompts/review.prompt.md | command | copilot/copilot |',
      );
      expect(await commands()).toEqual(['.github/prompts/fix.prompt.md', '.github/prompts/review.prompt.md']);
      // The envelope describes the plugin's provider (providerRegistry) and the kinds its nodes carry.
      const nodes = (await (await get('/api/nodes')).json()) as Json;
      expect(validator.validate('restEnvelope', nodes)).toEqual({ ok: true });
      expect(nodes['providerRegistry']['copilot/copilot']).toEqual({
        pluginId: 'copilot',
        qualifiedId: 'copilot/copilot',
        version: '1.0.0',
        kinds: ['rule', 'command'],
        stability: 'experimental',
        description: 'GitHub Copilot custom instructions (rules) and prompt files (commands).',
      });
      expect(nodes['contributionsRegistry']).toEqual({
        'copilot/prompt-stats': {
          pluginId: 'copilot',
          slot: 'inspector.body.panel.key-values',
          title: 'Prompt stats',
          extension: 'copilot/prompt-description',
          tooltip: "A prompt file's description, body size and how many files link to it.",
        },
      });
      // Its analyzer gave each prompt file the panel's data (ctx.emitContribution, checked against the slot), kept
      // with the scan and served on the node.
      const stats = (description: string, bytes: number, linkedFrom: number) => [
        {
          id: 'copilot/prompt-stats',
          data: {
            pairs: [
              { key: 'description', value: description },
              { key: 'body bytes', value: bytes },
              { key: 'linked from', value: linkedFrom },
            ],
          },
        },
      ];
      expect(await contributionsOf('.github/prompts/review.prompt.md')).toEqual(
        stats('Review a change', 17, 1),
      );
      expect(await contributionsOf('.github/prompts/fix.prompt.md')).toEqual(stats('(none)', 22, 0));
      expect(await contributionsOf('.github/copilot-instructions.md')).toEqual([]);
      for (const n of nodes['items'] as Json[]) {
        expect(nodes['kindRegistry'][n['kind']], n['path']).toBeDefined();
        expect(nodes['providerRegistry'][n['provider']], n['path']).toBeDefined();
      }
      const issues = (await (await get('/api/issues')).json()) as Json;
      expect(issues['items'].map((i: Json) => i['analyzerId'])).toContain('prompt-description');
      const qg = (await client.callTool({ name: 'query_graph', arguments: { kind: 'command' } }))
        .structuredContent as Json;
      expect(qg['nodes'].map((n: Json) => [n['path'], n['provider']])).toEqual([
        ['.github/prompts/fix.prompt.md', 'copilot/copilot'],
        ['.github/prompts/review.prompt.md', 'copilot/copilot'],
      ]);
    });

    it('an edit rescanned by the watcher keeps its nodes (and fixes its issue)', async () => {
      writeFileSync(
        join(tree.root, '.github/prompts/fix.prompt.md'),
        '---\ndescription: Fix a test\n---\nFix it.\n',
      );
      writeFileSync(
        join(tree.root, '.github/prompts/plan.prompt.md'),
        '---\ndescription: Plan\n---\nPlan.\n',
      );
      let paths: string[] = [];
      for (let i = 0; i < 200 && paths.length < 3; i++) {
        await sleep(100);
        paths = await commands();
      }
      expect(paths).toEqual([
        '.github/prompts/fix.prompt.md',
        '.github/prompts/plan.prompt.md',
        '.github/prompts/review.prompt.md',
      ]);
      const issues = (await (await get('/api/issues')).json()) as Json;
      expect(issues['items'].map((i: Json) => i['analyzerId'])).not.toContain('prompt-description');
      expect((await contributionsOf('.github/prompts/fix.prompt.md'))[0]?.['data']['pairs'][0]).toEqual({
        key: 'description',
        value: 'Fix a test',
      });
      expect((await contributionsOf('.github/prompts/plan.prompt.md'))[0]?.['data']['pairs'][0]).toEqual({
        key: 'description',
        value: 'Plan',
      });
    });

    it('disabled through PATCH /api/plugins/copilot: after the next scan its nodes and format are gone', async () => {
      const patched = await fetch(`${serve.baseUrl}/api/plugins/copilot`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ enabled: false }),
      });
      expect(patched.status).toBe(200);
      const body = (await patched.json()) as Json;
      expect(body['item']['status']).toBe('disabled');
      expect(validator.validate('restEnvelope', body)).toEqual({ ok: true });
      expect(body['providerRegistry']['copilot/copilot']).toBeUndefined();
      expect(body['contributionsRegistry']).toEqual({});
      expect(
        JSON.parse(readFileSync(join(tree.root, '.skill-map/settings.json'), 'utf8'))['plugins'],
      ).toEqual({
        copilot: { enabled: false },
      });
      expect((await fetch(`${serve.baseUrl}/api/scan`, { method: 'POST' })).status).toBeLessThan(300);
      expect(await commands()).toEqual([]);
      expect((await get('/api/graph?format=copilot-table')).status).toBe(400);
      const qg = (await client.callTool({ name: 'query_graph', arguments: { kind: 'command' } }))
        .structuredContent as Json;
      expect(qg['nodes']).toEqual([]);
      // Disabled, its analyzer is gone from sm check too.
      expect(ruleIds()).not.toContain('copilot/prompt-description');
    });
  });
});
