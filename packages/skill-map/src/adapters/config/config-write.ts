import { dirname, join } from 'node:path';
import { AdapterError } from '../errors.js';
import { writeFileAtomicSync } from '../fs/atomic-write.js';
import { ensureStateDir } from '../fs/state-dir.js';
import { lookupKey, validateLeaf } from './config-schema.js';
import { isProjectLocalOnly } from './defaults.js';
import { LOCAL_SETTINGS_FILE, PROJECT_SETTINGS_FILE, readSettingsFile } from './layered-config.js';
import type { ConfigLayer } from './layered-config.js';

/** The two layers a write can target. */
export type WritableLayer = Extract<ConfigLayer, 'project' | 'project-local'>;

/** Options of `setConfigValue` / `unsetConfigValue`. */
export interface ConfigWriteOptions {
  readonly projectRoot: string;
  readonly key: string;
  /** Default: `project-local` for project-local-only keys, `project` otherwise. */
  readonly layer?: WritableLayer;
}

/** What a config write changed. */
export interface ConfigWriteResult {
  readonly file: string;
  readonly layer: WritableLayer;
  readonly previous: unknown;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function targetLayer(opts: ConfigWriteOptions): WritableLayer {
  if (lookupKey(opts.key).kind === 'unknown') {
    throw new AdapterError('CONFIG_UNKNOWN_KEY', `unknown configuration key "${opts.key}"`, {
      data: { key: opts.key },
    });
  }
  const privileged = isProjectLocalOnly(opts.key);
  const layer = opts.layer ?? (privileged ? 'project-local' : 'project');
  if (privileged && layer === 'project') {
    throw new AdapterError(
      'CONFIG_PRIVILEGED_KEY',
      `"${opts.key}" is project-local-only: it can only be set in ${LOCAL_SETTINGS_FILE}`,
      { data: { key: opts.key } },
    );
  }
  return layer;
}

function fileOf(projectRoot: string, layer: WritableLayer): string {
  return join(projectRoot, layer === 'project' ? PROJECT_SETTINGS_FILE : LOCAL_SETTINGS_FILE);
}

function edit(
  opts: ConfigWriteOptions,
  apply: (parent: Record<string, unknown>, leaf: string) => unknown,
): ConfigWriteResult {
  const layer = targetLayer(opts);
  const file = fileOf(opts.projectRoot, layer);
  const doc = readSettingsFile(file) ?? {};
  const parts = opts.key.split('.');
  let node = doc;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    node = isPlainObject(next) ? next : (node[part] = {});
  }
  const previous = apply(node, parts[parts.length - 1] as string);
  try {
    ensureStateDir(dirname(file));
    writeFileAtomicSync(file, `${JSON.stringify(doc, null, 2)}\n`);
  } catch (err) {
    throw new AdapterError('CONFIG_WRITE_FAILED', `could not write ${file}: ${(err as Error).message}`, {
      cause: err,
      data: { file },
    });
  }
  return { file, layer, previous };
}

/**
 * Sets one key in the right layer file, atomically: project-local-only keys go to
 * `.skill-map/settings.local.json` (writing them to the committed file is refused), other keys to
 * `.skill-map/settings.json` unless a layer is given. Unknown keys and invalid values are refused.
 */
export function setConfigValue(opts: ConfigWriteOptions & { readonly value: unknown }): ConfigWriteResult {
  const problem = validateLeaf(opts.key, opts.value);
  if (problem?.code === 'unknown')
    throw new AdapterError('CONFIG_UNKNOWN_KEY', problem.message, { data: { key: opts.key } });
  if (problem) throw new AdapterError('CONFIG_INVALID_VALUE', problem.message, { data: { key: opts.key } });
  return edit(opts, (parent, leaf) => {
    const previous = parent[leaf];
    parent[leaf] = opts.value;
    return previous;
  });
}

/** Removes one key from a layer file (the lower layers' value shows through again). */
export function unsetConfigValue(opts: ConfigWriteOptions): ConfigWriteResult {
  return edit(opts, (parent, leaf) => {
    const previous = parent[leaf];
    delete parent[leaf];
    return previous;
  });
}

/**
 * Parses a CLI string into the value type the key expects: JSON when it parses (`true`, `42`, `null`,
 * `["a"]`), the raw string otherwise (`sm config set logLevel debug`).
 */
export function parseConfigValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
