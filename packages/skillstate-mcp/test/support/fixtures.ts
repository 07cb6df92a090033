// Shared fixtures for the unit tests: temp projects and a server driven line by line.
/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access -- parsed JSON-RPC replies are inspected freely by the tests */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { GENERIC_PROCEDURE_SPEC } from '@skillstate/core';
import type { SkillSpec } from '@skillstate/core';
import { McpServer } from '../../src/server.js';
import type { McpServerOptions } from '../../src/server.js';

/** A generic-style spec with an extra object field, as the observed transcript uses. */
export const TEST_SPEC: SkillSpec = {
  ...GENERIC_PROCEDURE_SPEC,
  schema: {
    ...GENERIC_PROCEDURE_SPEC.schema,
    meta: { type: 'object', default: {}, description: 'Free-form.' },
  },
};

/** A temp directory with a project inside; `root` is its `.skillstate` state directory (not created). */
export interface TempProject {
  dir: string;
  root: string;
  statePath: string;
  init(state?: Record<string, unknown>): void;
  files(): string[];
  cleanup(): void;
}

/** Creates a temp project under the OS temp directory. */
export function tempProject(): TempProject {
  const dir = mkdtempSync(join(tmpdir(), 'skillstate-mcp-'));
  const root = join(dir, '.skillstate');
  const statePath = join(root, 'skillstate.json');
  const walk = (at: string): string[] =>
    readdirSync(at, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? [`${relative(dir, join(at, e.name))}/`, ...walk(join(at, e.name))]
        : [relative(dir, join(at, e.name))],
    );
  return {
    dir,
    root,
    statePath,
    init(state = {}) {
      mkdirSync(root, { recursive: true });
      writeFileSync(statePath, `${JSON.stringify({ version: 1, state }, null, 2)}\n`);
    },
    files: () => walk(dir).sort(),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A parsed JSON value the tests inspect freely. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see the file header
export type Json = any;

/** What a tools/call answered, parsed. */
export interface ToolReply {
  text: string;
  isError: boolean;
  json: Json;
}

/** A server over a temp project with helpers to call tools and send raw messages. */
export interface Harness {
  server: McpServer;
  project: TempProject;
  rpc(message: Record<string, unknown>): Promise<Json>;
  tool(name: string, args?: Record<string, unknown>): Promise<ToolReply>;
}

let nextId = 1;

/** Builds a server for `project` (created and initialised unless `init: false`). */
export function harness(
  options: Partial<McpServerOptions> & { init?: boolean; project?: TempProject } = {},
): Harness {
  const project = options.project ?? tempProject();
  if (options.init !== false && options.project === undefined) project.init();
  const server = new McpServer({ spec: TEST_SPEC, root: project.root, name: 'skillstate.json', ...options });
  const rpc = async (message: Record<string, unknown>): Promise<Json> => {
    const line = await server.handleLine(JSON.stringify({ jsonrpc: '2.0', ...message }));
    return line === null ? null : JSON.parse(line);
  };
  const tool = async (name: string, args: Record<string, unknown> = {}): Promise<ToolReply> => {
    const reply: Json = await rpc({ id: nextId++, method: 'tools/call', params: { name, arguments: args } });
    const text: string = reply.result.content[0].text;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { text, isError: reply.result.isError === true, json };
  };
  return { server, project, rpc, tool };
}

/** Writes a raw file inside the project. */
export function writeRaw(path: string, content: string): void {
  writeFileSync(path, content);
}
