// Acceptance: the command each host config registers really starts a server that reads and writes the
// project's state, and project files (which are committed) name nothing specific to this machine. Runs the
// built bins (`npx tsc -b` first) as separate processes.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { parse as parseToml } from 'smol-toml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pathWithServer } from './support/path-bin.js';

const CLI_BIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'skillstate.js');

interface Registered {
  command: string;
  args: string[];
}

let root: string;
let home: string;
let project: string;
/** A PATH on which `skillstate-mcp` is the built server, as `npm run install:bins` leaves it. */
let path: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'skillstate-e2e-'));
  home = join(root, 'home');
  project = join(root, 'project');
  mkdirSync(home);
  mkdirSync(project);
  path = pathWithServer(root);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function env(): Record<string, string> {
  return { ...getDefaultEnvironment(), HOME: home, PATH: path };
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

const PROJECT_HOSTS: [string, () => Registered][] = [
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
];

function registerCodex(): Registered {
  skillstate('init', '--host', 'codex');
  skillstate('install');
  const doc = parseToml(readFileSync(join(home, '.codex', 'config.toml'), 'utf8')) as Json;
  const entry = entryOf(doc, 'mcp_servers');
  expect(entry['enabled']).toBe(true);
  return registered(entry);
}

function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  const content = result.content as { type: string; text?: string }[];
  return content.map((c) => c.text ?? '').join('');
}

/** Starts `command args` in the project as a host would, then patches and reads the state through it. */
async function drive({ command, args }: Registered): Promise<void> {
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
}

const PROJECT_FILES = ['.mcp.json', join('.cursor', 'mcp.json'), 'opencode.json'];

describe('project files register a command that works for anyone who clones the project', () => {
  it.each(PROJECT_HOSTS)(
    '%s: the installed `skillstate-mcp`, found on the PATH, and it runs',
    async (_host, register) => {
      const server = register();
      expect(server).toEqual({ command: 'skillstate-mcp', args: [] });
      await drive(server);
    },
  );

  it('writes no path of this machine into any project file, and --command still overrides', () => {
    skillstate('init', '--host', 'claude,cursor,opencode');
    for (const file of PROJECT_FILES) {
      const text = readFileSync(join(project, file), 'utf8');
      expect(text).not.toContain(process.execPath);
      expect(text).not.toContain(root);
      expect(text).not.toContain('skillstate-mcp.js');
    }
    skillstate('init', '--host', 'claude', '--command', 'node --flag');
    expect(registered(entryOf(readJson(join(project, '.mcp.json')), 'mcpServers'))).toEqual({
      command: 'node',
      args: ['--flag'],
    });
  });
});

describe('the machine-level Codex entry starts this installation’s server', () => {
  it('codex (~/.codex/config.toml) keeps the absolute node and bin paths', async () => {
    const { command, args } = registerCodex();
    expect(command).toBe(process.execPath);
    expect(args).toHaveLength(1);
    expect(isAbsolute(args[0] ?? '')).toBe(true);
    expect(existsSync(args[0] ?? '')).toBe(true);
    await drive({ command, args });
  });
});

describe('a .mcp.json with comments and a trailing comma (JSONC, as OpenCode’s file)', () => {
  it('is edited in place by the real bin, comment and trailing comma kept, and uninstall restores it', () => {
    const original =
      '{\n  // servers this team uses\n  "mcpServers": {\n    "other": { "command": "x" },\n  },\n}\n';
    writeFileSync(join(project, '.mcp.json'), original);
    skillstate('init', '--host', 'claude');
    const text = readFileSync(join(project, '.mcp.json'), 'utf8');
    expect(text).toContain('// servers this team uses');
    expect(text).toMatch(/"other": \{\s*"command": "x"\s*\},/);
    expect(text).toMatch(/\},\n\}\n$/);
    expect(text).toContain('"skillstate": {');
    expect(text).toContain('"command": "skillstate-mcp"');
    skillstate('uninstall');
    expect(readFileSync(join(project, '.mcp.json'), 'utf8')).toBe(original);
  });
});
