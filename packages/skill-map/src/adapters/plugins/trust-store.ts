// Plugin trust, recorded project-locally (gitignored `.skill-map/scope.lock.json`, `plugins` section) per plugin id,
// version and source: an upgraded plugin is untrusted again until the user re-trusts it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomicSync } from '../fs/atomic-write.js';

/** One trust grant. */
export interface TrustGrant {
  version: string;
  source: 'project' | 'user';
  trustedAt: string;
}

interface ScopeLock {
  schemaVersion: 1;
  plugins: Record<string, TrustGrant>;
  [key: string]: unknown;
}

/** The lock file of a project. */
export function scopeLockPath(projectRoot: string): string {
  return join(projectRoot, '.skill-map', 'scope.lock.json');
}

function readLock(projectRoot: string): ScopeLock {
  try {
    const parsed = JSON.parse(readFileSync(scopeLockPath(projectRoot), 'utf8')) as unknown;
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      const lock = parsed as Partial<ScopeLock>;
      const plugins = typeof lock.plugins === 'object' && lock.plugins !== null ? lock.plugins : {};
      return { ...lock, schemaVersion: 1, plugins };
    }
  } catch {
    // Absent or unreadable: nothing is trusted (a damaged lock never grants anything).
  }
  return { schemaVersion: 1, plugins: {} };
}

/** The grants of a project, by plugin id. */
export function readTrust(projectRoot: string): Readonly<Record<string, TrustGrant>> {
  return readLock(projectRoot).plugins;
}

/** True when this exact plugin id, version and source is trusted in the project. */
export function isTrusted(
  grants: Readonly<Record<string, TrustGrant>>,
  id: string,
  version: string,
  source: string,
): boolean {
  const grant = Object.hasOwn(grants, id) ? grants[id] : undefined;
  return grant !== undefined && grant.version === version && grant.source === source;
}

/** Records (or, with `grant` null, removes) the trust of one plugin; the other keys of the lock are kept. */
export function writeTrust(projectRoot: string, id: string, grant: TrustGrant | null): void {
  const lock = readLock(projectRoot);
  const plugins = { ...lock.plugins };
  if (grant === null) delete plugins[id];
  else plugins[id] = grant;
  writeFileAtomicSync(scopeLockPath(projectRoot), `${JSON.stringify({ ...lock, plugins }, null, 2)}\n`);
}
