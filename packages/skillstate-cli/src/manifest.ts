import { isAbsolute } from 'node:path';
import {
  CONFIG_FILE_MAX_BYTES,
  isPlainObject,
  readBoundedTextSync,
  resolveStatePath,
} from '@skillstate/core';
import type { ConfigFormat } from './adapters/host-configs.js';
import { CliError } from './errors.js';
import { isHostName } from './hosts.js';
import type { HostName } from './hosts.js';
import type { ServerCommand } from './server-command.js';

/** The file name of both manifests (project: in the state dir; machine: in `~/.skillstate`). */
export const MANIFEST_NAME = 'install-manifest.json';

/**
 * What a recorded file is. `state` files are user data and survive `uninstall` unless asked, and so does the
 * state directory's `.gitignore` (`ignore`), which keeps that data out of commits while it is there.
 */
export type FileKind = 'state' | 'spec' | 'skill' | 'config' | 'ignore';

/** How skillstate came to touch a file, and what it needs to undo that exactly. */
export interface FileRecord {
  kind: FileKind;
  /** `created`: the file did not exist; `edited`: it existed and we added our entry. */
  action: 'created' | 'edited';
  host?: HostName;
  format?: ConfigFormat;
  /** SHA-256 of the bytes we last wrote. */
  writtenSha256: string;
  /** SHA-256 of the bytes before our first edit, while the backup can still restore them exactly. */
  originalSha256?: string;
  /** The backup of the bytes before our first edit (same path convention as the record key). */
  backupPath?: string;
  /** True when we created the container (`mcpServers`, `mcp`) that holds our entry. */
  createdParent?: boolean;
}

/** Which manifest: a project's (paths relative to the project) or the machine's (absolute paths). */
export type ManifestScope = 'project' | 'machine';

/** The install manifest `uninstall` reads to reverse `init` or `install`. */
export interface InstallManifest {
  version: 2;
  scope: ManifestScope;
  installedAt: string;
  server: ServerCommand;
  statePath?: string;
  skillPath?: string;
  hosts: Partial<Record<HostName, { mcp: { configPath: string; format: ConfigFormat } }>>;
  /** Every file we created or edited, keyed by path. */
  files: Record<string, FileRecord>;
  /** Directories we created, so they can go when empty. */
  createdDirs: string[];
}

const FORMATS: readonly string[] = ['claude-mcp-json', 'cursor-mcp-json', 'opencode-json', 'codex-toml'];
const KINDS: readonly string[] = ['state', 'spec', 'skill', 'config', 'ignore'];

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

function optionalString(value: unknown): boolean {
  return value === undefined || typeof value === 'string';
}

function isRecord(value: unknown): value is FileRecord {
  if (!isPlainObject(value)) return false;
  return (
    KINDS.includes(value['kind'] as string) &&
    (value['action'] === 'created' || value['action'] === 'edited') &&
    (value['host'] === undefined || (typeof value['host'] === 'string' && isHostName(value['host']))) &&
    (value['format'] === undefined || FORMATS.includes(value['format'] as string)) &&
    typeof value['writtenSha256'] === 'string' &&
    optionalString(value['originalSha256']) &&
    optionalString(value['backupPath']) &&
    (value['createdParent'] === undefined || typeof value['createdParent'] === 'boolean')
  );
}

function isHosts(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  return Object.entries(value).every(([host, rec]) => {
    const mcp = isPlainObject(rec) ? rec['mcp'] : undefined;
    return (
      isHostName(host) &&
      isPlainObject(mcp) &&
      typeof mcp['configPath'] === 'string' &&
      FORMATS.includes(mcp['format'] as string)
    );
  });
}

function shapeOk(value: unknown, scope: ManifestScope): value is InstallManifest {
  if (!isPlainObject(value) || value['version'] !== 2 || value['scope'] !== scope) return false;
  const server = value['server'];
  const files = value['files'];
  return (
    typeof value['installedAt'] === 'string' &&
    isPlainObject(server) &&
    typeof server['command'] === 'string' &&
    isStringArray(server['args']) &&
    optionalString(value['statePath']) &&
    optionalString(value['skillPath']) &&
    isHosts(value['hosts']) &&
    isPlainObject(files) &&
    Object.values(files).every(isRecord) &&
    isStringArray(value['createdDirs'])
  );
}

/**
 * Resolves a path recorded in a manifest. Security: a manifest names files `uninstall` deletes, so a
 * project manifest may only name paths inside the project and a machine manifest only absolute paths.
 */
export function manifestPath(recorded: string, scope: ManifestScope, base: string): string {
  if (scope === 'machine') {
    if (!isAbsolute(recorded)) throw new Error(`not an absolute path: ${recorded}`);
    return recorded;
  }
  if (isAbsolute(recorded)) throw new Error(`not a project-relative path: ${recorded}`);
  return resolveStatePath(base, recorded);
}

/** Every path a manifest names: files, their backups and created directories. */
function namedPaths(m: InstallManifest): string[] {
  const backups = Object.values(m.files).flatMap((r) => (r.backupPath === undefined ? [] : [r.backupPath]));
  return [...Object.keys(m.files), ...backups, ...m.createdDirs];
}

/** Checks a parsed manifest; anything unexpected (old version, wrong scope, escaping paths) is corrupt. */
export function parseManifest(
  raw: unknown,
  scope: ManifestScope,
  base: string,
  file: string,
): InstallManifest {
  const corrupt = (why: string, cause?: unknown): CliError =>
    new CliError(
      'CORRUPT_MANIFEST',
      `corrupt install manifest at ${file} (${why}); delete it to start over`,
      {
        data: { file },
        cause,
      },
    );
  if (!shapeOk(raw, scope)) throw corrupt(`not a version 2 ${scope} manifest`);
  for (const p of namedPaths(raw)) {
    try {
      manifestPath(p, scope, base);
    } catch (err) {
      throw corrupt((err as Error).message, err);
    }
  }
  return raw;
}

/** Reads a manifest; undefined when the file does not exist. A non-regular or oversized one is refused. */
export function readManifest(file: string, scope: ManifestScope, base: string): InstallManifest | undefined {
  let text: string;
  try {
    text = readBoundedTextSync(file, CONFIG_FILE_MAX_BYTES);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new CliError(
      'CORRUPT_MANIFEST',
      `corrupt install manifest at ${file} (not valid JSON); delete it to start over`,
      {
        data: { file },
        cause: err,
      },
    );
  }
  return parseManifest(raw, scope, base, file);
}

/** The manifest file text: pretty JSON and a final newline. */
export function formatManifest(manifest: InstallManifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
