import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CliError } from './errors.js';

/** The AI hosts the CLI can register the server with, in the order they are reported. */
export const HOST_NAMES = ['claude', 'codex', 'opencode', 'cursor'] as const;

/** One supported AI host. */
export type HostName = (typeof HOST_NAMES)[number];

/** True when `value` names a supported host. */
export function isHostName(value: string): value is HostName {
  return (HOST_NAMES as readonly string[]).includes(value);
}

/**
 * Turns the values of every `--host` flag (each may be a comma list, `all` meaning every host) into a
 * de-duplicated list in canonical order. An unknown name is a usage error.
 */
export function parseHostList(values: readonly string[]): HostName[] {
  const chosen = new Set<HostName>();
  for (const value of values) {
    for (const raw of value.split(',')) {
      const name = raw.trim().toLowerCase();
      if (name === '') continue;
      if (name === 'all') HOST_NAMES.forEach((h) => chosen.add(h));
      else if (isHostName(name)) chosen.add(name);
      else
        throw new CliError(
          'USAGE',
          `unknown host "${raw.trim()}" (expected ${HOST_NAMES.join(', ')} or all)`,
        );
    }
  }
  if (chosen.size === 0)
    throw new CliError('USAGE', `--host needs at least one of ${HOST_NAMES.join(', ')} or all`);
  return HOST_NAMES.filter((h) => chosen.has(h));
}

/** A place whose existence says a host is in use. */
export interface HostMarker {
  host: HostName;
  /** How the marker is shown to the user (`~/.claude`, `.cursor/`). */
  label: string;
  path: string;
}

/** Every marker checked by {@link detectHosts}, home first, then the project. */
export function hostMarkers(home: string, projectDir: string): HostMarker[] {
  return [
    { host: 'claude', label: '~/.claude', path: join(home, '.claude') },
    { host: 'codex', label: '~/.codex', path: join(home, '.codex') },
    { host: 'opencode', label: '~/.config/opencode', path: join(home, '.config', 'opencode') },
    { host: 'cursor', label: '~/.cursor', path: join(home, '.cursor') },
    { host: 'claude', label: '.claude/', path: join(projectDir, '.claude') },
    { host: 'cursor', label: '.cursor/', path: join(projectDir, '.cursor') },
    { host: 'opencode', label: 'opencode.json', path: join(projectDir, 'opencode.json') },
    { host: 'opencode', label: 'opencode.jsonc', path: join(projectDir, 'opencode.jsonc') },
  ];
}

/** Detects the hosts in use from markers in the home directory and the project; throws NO_HOST when none. */
export function detectHosts(home: string, projectDir: string): HostName[] {
  const markers = hostMarkers(home, projectDir);
  const found = new Set(markers.filter((m) => existsSync(m.path)).map((m) => m.host));
  if (found.size === 0) {
    const checked = markers.map((m) => m.label).join(', ');
    throw new CliError(
      'NO_HOST',
      `no supported host detected (checked ${checked}); pass --host claude,codex,opencode,cursor (or all)`,
    );
  }
  return HOST_NAMES.filter((h) => found.has(h));
}
