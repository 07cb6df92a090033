import { parse as parseToml } from 'smol-toml';
import type { McpConfigFormat } from '../providers/provider.js';
import { stripJsonc } from './jsonc.js';

/** One MCP server declared by a host config file. Security: only the name and transport are kept, never env/args. */
export interface McpServerEntry {
  name: string;
  transport: 'stdio' | 'http' | 'sse' | 'unknown';
}

/** Servers read from one config, or the reason it could not be read. */
export type McpConfigParse = { ok: true; servers: McpServerEntry[] } | { ok: false; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function transportOf(entry: Record<string, unknown>): McpServerEntry['transport'] {
  const type = typeof entry['type'] === 'string' ? entry['type'] : '';
  if (type === 'sse') return 'sse';
  if (type === 'http' || type === 'streamable-http' || type === 'remote' || typeof entry['url'] === 'string')
    return 'http';
  if (type === 'stdio' || type === 'local' || entry['command'] !== undefined) return 'stdio';
  return 'unknown';
}

function collect(table: unknown, skipDisabled: boolean): McpServerEntry[] {
  if (!isRecord(table)) return [];
  const servers: McpServerEntry[] = [];
  for (const [name, entry] of Object.entries(table)) {
    if (!isRecord(entry) || name.trim() === '') continue;
    if (skipDisabled && entry['enabled'] === false) continue;
    servers.push({ name, transport: transportOf(entry) });
  }
  return servers.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Parses a host MCP config: `mcpServers` JSON, OpenCode's JSONC `mcp` (skipping `enabled: false`), Codex TOML `[mcp_servers.*]`. */
export function parseMcpConfig(text: string, format: McpConfigFormat): McpConfigParse {
  let doc: unknown;
  try {
    doc =
      format === 'codex-toml'
        ? parseToml(text)
        : JSON.parse(format === 'opencode-jsonc' ? stripJsonc(text) : text);
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    return { ok: false, message };
  }
  if (!isRecord(doc)) return { ok: false, message: 'top level is not an object' };
  if (format === 'codex-toml') return { ok: true, servers: collect(doc['mcp_servers'], false) };
  if (format === 'opencode-jsonc') return { ok: true, servers: collect(doc['mcp'], true) };
  return { ok: true, servers: collect(doc['mcpServers'], false) };
}
