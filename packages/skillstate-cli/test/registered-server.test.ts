// Acceptance: the command each host config registers really starts this installation's server, which
// reads and writes the project's state. Runs the built bins (`npx tsc -b` first) as separate processes.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { parse as parseToml } from 'smol-toml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const CLI_BIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'skillstate.js');

interface Registered {
  command: string;
  args: string[];
}

let root: string;
let home: string;
let project: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'skillstate-e2e-'));
  home = join(root, 'home');
  project = join(root, 'project');
  mkdirSync(home);
  mkdirSync(project);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function env(): Record<string, string> {
  const base: Record<string, string> = { ...getDefaultEnvironment(), HOME: home };
  return base;
}

function skillstate(...argv: string[]): string {
  const r = spawnSync(process.execPath, [CLI_BIN, ...argv], { cwd: project, env: env(), encoding: 'utf8' });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return r.stdout;
}

type Json = Record<string, Record<string, Record<string, unknown>>>;

function readJson(path: string): Json {
  return JSON.parse(readFileSync(path, 'utf8')) as Json;
}

function entryOf(doc: Json, parent: string): Record<string, unknown> {
  const entry = doc[parent]?.['skillstate'];
  expect(entry).toBeDefined();
  return entry as Record<string, unknown>;
}

function registered(entry: Record<string, unknown>): Registered {
  return { command: entry['command'] as string, args: entry['args'] as string[] };
}

const HOSTS: [string, () => Registered][] = [
  [
    'claude (.mcp.json)',
    () => {
      skillstate('init', '--host', 'claude');
      const entry = entryOf(readJson(join(project, '.mcp.json')), 'mcpServers');
      expect(entry['type']).toBe('stdio');
      return registered(entry);
    },
  ],
  [
    'cursor (.cursor/mcp.json)',
    () => {
      skillstate('init', '--host', 'cursor');
      const entry = entryOf(readJson(join(project, '.cursor', 'mcp.json')), 'mcpServers');
      expect(Object.keys(entry).sort()).toEqual(['args', 'command']);
      return registered(entry);
    },
  ],
  [
    'opencode (opencode.json)',
    () => {
      skillstate('init', '--host', 'opencode');
      const doc = readJson(join(project, 'opencode.json'));
      expect(Object.keys(doc)).toEqual(['mcp']);
      const entry = entryOf(doc, 'mcp');
      expect(entry).toMatchObject({ type: 'local', enabled: true });
      const [command, ...args] = entry['command'] as string[];
      return { command: command ?? '', args };
    },
  ],
  [
    'codex (~/.codex/config.toml)',
    () => {
      skillstate('init', '--host', 'codex');
      skillstate('install');
      const doc = parseToml(readFileSync(join(home, '.codex', 'config.toml'), 'utf8')) as Json;
      const entry = entryOf(doc, 'mcp_servers');
      expect(entry['enabled']).toBe(true);
      return registered(entry);
    },
  ],
];

function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  const content = result.content as { type: string; text?: string }[];
  return content.map((c) => c.text ?? '').join('');
}

describe('the registered command starts this installation’s server', () => {
  it.each(HOSTS)('%s', async (_host, register) => {
    const { command, args } = register();
    expect(command).toBe(process.execPath);
    expect(args).toHaveLength(1);
    expect(isAbsolute(args[0] ?? '')).toBe(true);
    expect(existsSync(args[0] ?? '')).toBe(true);

    const statePath = join(project, '.skillstate', 'skillstate.json');
    expect(readJson(statePath)).toEqual({ version: 1, state: {} });

    const transport = new StdioClientTransport({ command, args, cwd: project, env: env(), stderr: 'pipe' });
    const client = new Client({ name: 'skillstate-cli-acceptance', version: '1.0.0' });
    await client.connect(transport);
    try {
      const patched = await client.callTool({ name: 'state.patch', arguments: { patch: { goal: 'x' } } });
      expect(patched.isError ?? false, textOf(patched)).toBe(false);
      const got = await client.callTool({ name: 'state.get', arguments: {} });
      expect(JSON.parse(textOf(got))).toMatchObject({ goal: 'x' });
    } finally {
      await client.close();
    }
    expect(readJson(statePath).state).toMatchObject({ goal: 'x' });
  });
});
