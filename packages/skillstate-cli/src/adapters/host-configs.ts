import type { HostName } from '../hosts.js';
import type { ServerCommand } from '../server-command.js';
import { codexEntry, removeCodexEntry, upsertCodexEntry } from './codex-toml.js';
import { removeJsonEntry, upsertJsonEntry } from './json-config.js';
import type { AddResult, JsonDialect, RemoveResult } from './json-config.js';

/** The file format of a host's config, as recorded in the install manifest. */
export type ConfigFormat = 'claude-mcp-json' | 'cursor-mcp-json' | 'opencode-json' | 'codex-toml';

/** A pure adapter: how one host's config text gains and loses our server entry. */
export interface HostConfigAdapter {
  host: HostName;
  format: ConfigFormat;
  /** Human name of the setting we edit, for messages (`mcpServers.skillstate`). */
  setting: string;
  /** Our entry for this host. */
  entry(server: ServerCommand): unknown;
  add(text: string | undefined, server: ServerCommand, file: string): AddResult;
  remove(text: string, file: string, removeEmptyParent: boolean): RemoveResult;
}

/** Claude Code `.mcp.json`: `mcpServers.skillstate = {type: "stdio", command, args}`. */
export function claudeEntry(server: ServerCommand): Record<string, unknown> {
  return { type: 'stdio', command: server.command, args: server.args };
}

/** Cursor `.cursor/mcp.json`: `mcpServers.skillstate = {command, args}`. */
export function cursorEntry(server: ServerCommand): Record<string, unknown> {
  return { command: server.command, args: server.args };
}

/** OpenCode `opencode.json(c)`: `mcp.skillstate = {type: "local", command: [cmd, ...args], enabled: true}`. */
export function opencodeEntry(server: ServerCommand): Record<string, unknown> {
  return { type: 'local', command: [server.command, ...server.args], enabled: true };
}

function jsonAdapter(
  host: HostName,
  format: ConfigFormat,
  dialect: JsonDialect,
  parentKey: string,
  entry: (server: ServerCommand) => unknown,
): HostConfigAdapter {
  return {
    host,
    format,
    setting: `${parentKey}.skillstate`,
    entry,
    add: (text, server, file) => upsertJsonEntry(text, dialect, parentKey, 'skillstate', entry(server), file),
    remove: (text, file, removeEmptyParent) =>
      removeJsonEntry(text, dialect, parentKey, 'skillstate', file, removeEmptyParent),
  };
}

/**
 * Claude Code `.mcp.json`. Read as JSONC like OpenCode's file: a file someone keeps comments or trailing commas
 * in is edited in place (both kept), not refused. What we add is plain JSON.
 */
export const claudeAdapter = jsonAdapter('claude', 'claude-mcp-json', 'jsonc', 'mcpServers', claudeEntry);
/** Cursor `.cursor/mcp.json`, read as JSONC for the same reason. */
export const cursorAdapter = jsonAdapter('cursor', 'cursor-mcp-json', 'jsonc', 'mcpServers', cursorEntry);
/** OpenCode accepts comments and trailing commas in both `opencode.json` and `opencode.jsonc`. */
export const opencodeAdapter = jsonAdapter('opencode', 'opencode-json', 'jsonc', 'mcp', opencodeEntry);

/** Codex `config.toml`: the `[mcp_servers.skillstate]` table. */
export const codexAdapter: HostConfigAdapter = {
  host: 'codex',
  format: 'codex-toml',
  setting: '[mcp_servers.skillstate]',
  entry: codexEntry,
  add: upsertCodexEntry,
  remove: (text, file) => removeCodexEntry(text, file),
};

/** The adapter for a recorded config format. */
export function adapterForFormat(format: ConfigFormat): HostConfigAdapter {
  switch (format) {
    case 'claude-mcp-json':
      return claudeAdapter;
    case 'cursor-mcp-json':
      return cursorAdapter;
    case 'opencode-json':
      return opencodeAdapter;
    case 'codex-toml':
      return codexAdapter;
  }
}
