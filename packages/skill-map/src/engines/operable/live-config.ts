import { statSync } from 'node:fs';
import { join } from 'node:path';
import {
  loadConfig,
  LOCAL_SETTINGS_FILE,
  PROJECT_SETTINGS_FILE,
} from '../../adapters/config/layered-config.js';

/** What identifies one version of a settings file without reading it (absent: all zero). */
function stamp(path: string): string {
  const st = statSync(path, { throwIfNoEntry: false });
  return st === undefined ? '-' : `${st.ino}:${st.size}:${st.mtimeMs}`;
}

/**
 * The merged layered configuration, re-read only when a settings file changed: every engine call asks for it
 * (enable toggles, consent, TTLs must apply mid-session), and two `stat`s cost a tenth of parsing both files.
 * Writes through the official writer are atomic renames, so a new inode always shows.
 */
export function liveConfig(
  scopeRoot: string,
  overrides?: Readonly<Record<string, unknown>>,
): () => Readonly<Record<string, unknown>> {
  const files = [join(scopeRoot, PROJECT_SETTINGS_FILE), join(scopeRoot, LOCAL_SETTINGS_FILE)];
  let key = '';
  let merged: Readonly<Record<string, unknown>> = {};
  return () => {
    const now = files.map(stamp).join('|');
    if (now !== key) {
      merged = loadConfig({ projectRoot: scopeRoot, ...(overrides ? { overrides } : {}) }).merged;
      key = now;
    }
    return merged;
  };
}
