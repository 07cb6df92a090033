// McpAdapter: generates the .mcp.json entry that registers this server with an MCP host.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  atomicWriteFile,
  CONFIG_FILE_MAX_BYTES,
  isPlainObject,
  readBoundedTextSync,
  redactSecrets,
  resolveStatePath,
} from '@skillstate/core';
import { McpServerError } from './errors.js';

/** Options of {@link McpAdapter.generateMcpConfig}. */
export interface McpConfigOptions {
  /** Spec file the server reads (`SKILLSTATE_SPEC_PATH`). Default `./skill-spec.json`. */
  specPath?: string;
  /** Program the host runs. Default `node`. */
  command?: string;
  /** Script passed to the command. Default this package's `bin/skillstate-mcp.js`. */
  launcherPath?: string;
  /** Extra environment for the server. Must not hold secrets: the file is meant to be committed. */
  env?: Record<string, string>;
}

/** Where a config goes: a file path, or a file name confined to a root directory. */
export type McpConfigTarget = string | { root: string; name: string };

const DEFAULT_LAUNCHER = fileURLToPath(new URL('../bin/skillstate-mcp.js', import.meta.url));

function configPath(target: McpConfigTarget): string {
  return typeof target === 'string' ? resolve(target) : resolveStatePath(target.root, target.name);
}

function serverEntry(options: McpConfigOptions): Record<string, unknown> {
  const env: Record<string, string> = { SKILLSTATE_SPEC_PATH: options.specPath ?? './skill-spec.json' };
  for (const key of Object.keys(options.env ?? {}).sort()) {
    const value = String(options.env?.[key]);
    // Security: the document is committed with the project, so a credential-shaped value is refused.
    if (redactSecrets(value) !== value) {
      throw new McpServerError(
        'CONFIG_REFUSED',
        `env.${key} looks like a secret; .mcp.json is committed, so pass secrets through the host's environment instead`,
      );
    }
    env[key] = value;
  }
  return { command: options.command ?? 'node', args: [options.launcherPath ?? DEFAULT_LAUNCHER], env };
}

/** Generates and saves the MCP host configuration that registers the skillstate server. */
export class McpAdapter {
  /** Adapter id. */
  readonly name = 'mcp';

  /**
   * The `.mcp.json` document registering the server as `mcpServers.skillstate`: deterministic (sorted env)
   * and secret-free. No state path is embedded: the server resolves its state from its own cwd.
   */
  generateMcpConfig(target: McpConfigTarget, options: McpConfigOptions = {}): string {
    configPath(target);
    return `${JSON.stringify({ mcpServers: { skillstate: serverEntry(options) } }, null, 2)}\n`;
  }

  /**
   * Writes the configuration atomically and returns the file path. An existing document keeps its other
   * servers and keys; one that is not a JSON object is refused rather than overwritten.
   */
  async saveMcpConfig(target: McpConfigTarget, options: McpConfigOptions = {}): Promise<string> {
    const path = configPath(target);
    const entry = serverEntry(options);
    let doc: Record<string, unknown> = {};
    let text: string | null = null;
    try {
      text = readBoundedTextSync(path, CONFIG_FILE_MAX_BYTES);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    if (text !== null) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      if (
        !isPlainObject(parsed) ||
        (parsed['mcpServers'] !== undefined && !isPlainObject(parsed['mcpServers']))
      ) {
        throw new McpServerError(
          'CONFIG_REFUSED',
          `${path} exists but is not an MCP config object; not overwriting it`,
        );
      }
      doc = parsed;
    }
    const servers = isPlainObject(doc['mcpServers']) ? doc['mcpServers'] : {};
    doc['mcpServers'] = { ...servers, skillstate: entry };
    await atomicWriteFile(path, `${JSON.stringify(doc, null, 2)}\n`);
    return path;
  }
}
