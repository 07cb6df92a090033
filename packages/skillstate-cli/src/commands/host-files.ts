import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { claudeAdapter, codexAdapter, cursorAdapter, opencodeAdapter } from '../adapters/host-configs.js';
import type { HostConfigAdapter } from '../adapters/host-configs.js';
import { readBytes, sha256 } from '../file-ops.js';
import type { HostName } from '../hosts.js';
import type { FileRecord, InstallManifest } from '../manifest.js';
import { planWrite, recordKey } from '../plan-write.js';
import type { PlanScope, PlannedWrite } from '../plan-write.js';
import type { ServerCommand } from '../server-command.js';

/** The adapter of a host. */
export function adapterFor(host: HostName): HostConfigAdapter {
  return { claude: claudeAdapter, codex: codexAdapter, opencode: opencodeAdapter, cursor: cursorAdapter }[
    host
  ];
}

/**
 * The config file a project host uses. OpenCode keeps the file a previous init recorded, else prefers an
 * existing `opencode.jsonc`, else `opencode.json` (created if neither exists).
 */
export function projectConfigPath(
  host: Exclude<HostName, 'codex'>,
  projectDir: string,
  prev?: InstallManifest,
): string {
  if (host === 'claude') return join(projectDir, '.mcp.json');
  if (host === 'cursor') return join(projectDir, '.cursor', 'mcp.json');
  const recorded = prev?.hosts.opencode?.mcp.configPath;
  if (recorded !== undefined && existsSync(join(projectDir, recorded))) return join(projectDir, recorded);
  const jsonc = join(projectDir, 'opencode.jsonc');
  return existsSync(jsonc) ? jsonc : join(projectDir, 'opencode.json');
}

/** Codex's config file: `$CODEX_HOME/config.toml`, `~/.codex/config.toml` by default. */
export function codexConfigPath(home: string, env: NodeJS.ProcessEnv): string {
  const codexHome = env['CODEX_HOME'];
  return join(codexHome !== undefined && codexHome !== '' ? codexHome : join(home, '.codex'), 'config.toml');
}

/** The result of planning one host config: the write plus what the user is told. */
export interface PlannedHostConfig {
  planned: PlannedWrite;
  /** Set when the file already had our exact entry. */
  unchanged?: string;
}

/**
 * Plans adding our entry to one host's config file. Reads the file, runs the pure adapter (which refuses
 * invalid files before anything is written) and records how to undo it.
 */
export function planHostConfig(
  adapter: HostConfigAdapter,
  abs: string,
  server: ServerCommand,
  ps: PlanScope,
  prevFiles: Readonly<Record<string, FileRecord>>,
): PlannedHostConfig {
  const before = readBytes(abs);
  const display = ps.display(abs);
  const result = adapter.add(before?.toString('utf8'), server, display);
  const prev = prevFiles[recordKey(abs, ps)];
  // Used only when our exact entry is already there without a record (manifest deleted, or written by
  // hand): adopt it so uninstall removes it, without claiming we can restore bytes we never saw.
  const adopt: FileRecord = {
    kind: 'config',
    action: 'edited',
    host: adapter.host,
    format: adapter.format,
    writtenSha256: before === undefined ? '' : sha256(before),
  };
  const planned = planWrite(
    {
      abs,
      kind: 'config',
      host: adapter.host,
      format: adapter.format,
      before,
      after: result.text,
      ...(prev === undefined ? {} : { prev }),
      adopt,
      createdParent: result.createdParent,
      verb: result.outcome === 'replaced' ? 'replace' : 'update',
      detail:
        result.outcome === 'replaced'
          ? ` (${adapter.host}: a different ${adapter.setting} entry was replaced with ours)`
          : ` (${adapter.host}: ${adapter.setting})`,
    },
    ps,
  );
  if (planned.change !== undefined) return { planned };
  return { planned, unchanged: `unchanged ${display} (${adapter.host}: ${adapter.setting})` };
}
