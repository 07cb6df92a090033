// The skillstate entries the host configs of a project (and Codex's machine config) hold, as commands to start.
import { join } from 'node:path';
import { isPlainObject } from '@skillstate/core';
import { readToml } from '../adapters/codex-toml.js';
import { readJsonObject } from '../adapters/json-config.js';
import type { CliContext } from '../context.js';
import { readBytes } from '../file-ops.js';
import type { HostName } from '../hosts.js';
import type { ProbeTarget } from '../probe.js';
import { codexConfigPath } from './host-files.js';
import { tildePath } from './install.js';

/** One host config that registers skillstate: the command it starts, or why it cannot be started. */
export interface Registration {
  host: HostName;
  /** The config file as shown to the user. */
  display: string;
  target?: ProbeTarget;
  problem?: string;
}

interface ConfigFile {
  host: HostName;
  abs: string;
  display: string;
  toml: boolean;
  parent: string;
}

/** Every config file `init` and `install` may have written, in report order. */
function configFiles(ctx: CliContext): ConfigFile[] {
  const project = (host: HostName, rel: string, parent: string): ConfigFile => ({
    host,
    abs: join(ctx.cwd, rel),
    display: rel,
    toml: false,
    parent,
  });
  const codex = codexConfigPath(ctx.home, ctx.env);
  return [
    project('claude', '.mcp.json', 'mcpServers'),
    project('cursor', join('.cursor', 'mcp.json'), 'mcpServers'),
    project('opencode', 'opencode.jsonc', 'mcp'),
    project('opencode', 'opencode.json', 'mcp'),
    { host: 'codex', abs: codex, display: tildePath(codex, ctx.home), toml: true, parent: 'mcp_servers' },
  ];
}

function stringRecord(value: unknown): Record<string, string> | undefined {
  if (value === undefined) return {};
  if (!isPlainObject(value)) return undefined;
  const entries = Object.entries(value);
  return entries.every(([, v]) => typeof v === 'string') ? (value as Record<string, string>) : undefined;
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined;
}

/** The command of one entry: `{command, args, env}`, or OpenCode's `{command: [...], environment}`. */
function targetOf(host: HostName, entry: Record<string, unknown>): ProbeTarget | string {
  if (entry['enabled'] === false)
    return 'the entry is disabled (enabled: false), so the host does not start it';
  const env = stringRecord(host === 'opencode' ? entry['environment'] : entry['env']);
  const words = host === 'opencode' ? stringList(entry['command']) : undefined;
  const command = host === 'opencode' ? words?.[0] : entry['command'];
  const args =
    host === 'opencode' ? words?.slice(1) : entry['args'] === undefined ? [] : stringList(entry['args']);
  if (typeof command !== 'string' || command === '' || args === undefined || env === undefined) {
    return 'the entry has no usable command (a command name, string arguments and a string environment)';
  }
  return { command, args, env };
}

/**
 * Security: a `@skillstate/mcp` package name in a command is a registry download (`npx -y @skillstate/mcp@^3`,
 * what an older `init` wrote). We do not publish that name, so whoever does would be run: never start it.
 */
function registryDownload(target: ProbeTarget): string | undefined {
  if (![target.command, ...target.args].some((w) => /^@skillstate\/mcp(@|$)/.test(w))) return undefined;
  return (
    'it downloads @skillstate/mcp from the npm registry, a name this project does not publish (whoever takes it ' +
    'would be run), so it was not started: run `skillstate init` again to register the installed skillstate-mcp'
  );
}

function readRegistration(file: ConfigFile): Registration | undefined {
  let entry: unknown;
  try {
    const bytes = readBytes(file.abs);
    if (bytes === undefined) return undefined;
    const text = bytes.toString('utf8');
    const doc = file.toml ? readToml(text, file.display) : readJsonObject(text, 'jsonc', file.display);
    const parent = doc[file.parent];
    entry = isPlainObject(parent) ? parent['skillstate'] : undefined;
  } catch (err) {
    return { host: file.host, display: file.display, problem: (err as Error).message };
  }
  if (entry === undefined) return undefined;
  if (!isPlainObject(entry))
    return { host: file.host, display: file.display, problem: 'the entry is not an object' };
  const target = targetOf(file.host, entry);
  if (typeof target === 'string') return { host: file.host, display: file.display, problem: target };
  const refused = registryDownload(target);
  return refused === undefined
    ? { host: file.host, display: file.display, target }
    : { host: file.host, display: file.display, target, problem: refused };
}

/** The configs that register skillstate, each with its command or the reason it cannot be started. */
export function findRegistrations(ctx: CliContext): { found: Registration[]; checked: string[] } {
  const files = configFiles(ctx);
  const found = files.flatMap((file) => readRegistration(file) ?? []);
  return { found, checked: files.map((f) => f.display) };
}
