import { join } from 'node:path';
import { AdapterError } from '../errors.js';
import { readBounded, SMALL_FILE_MAX_BYTES } from '../fs/read-bounded.js';
import { lookupKey, validateLeaf } from './config-schema.js';
import { DEFAULT_CONFIG, isProjectLocalOnly } from './defaults.js';

/** The four layers, lowest precedence first. */
export type ConfigLayer = 'defaults' | 'project' | 'project-local' | 'override';

/** Committed project settings, relative to the project root. */
export const PROJECT_SETTINGS_FILE = join('.skill-map', 'settings.json');
/** Gitignored per-checkout settings, relative to the project root. */
export const LOCAL_SETTINGS_FILE = join('.skill-map', 'settings.local.json');

/** One resolved leaf and the layer it came from. */
export interface ConfigEntry {
  readonly key: string;
  readonly value: unknown;
  readonly source: ConfigLayer;
}

/** The merged configuration with per-key provenance. */
export interface LoadedConfig {
  /** The deep-merged object (objects recurse, arrays replace). */
  readonly merged: Readonly<Record<string, unknown>>;
  /** Value at a dot-path (a leaf or a whole subtree); throws `CONFIG_UNKNOWN_KEY` for keys the schema lacks. */
  get(key: string): unknown;
  /** The layer that supplied a leaf, or undefined when no layer set it. */
  sourceOf(key: string): ConfigLayer | undefined;
  /** Every resolved leaf with its source, sorted by key. */
  list(): ConfigEntry[];
  /** Stripped privileged keys, unknown keys and invalid values (each dropped, with the file named). */
  readonly warnings: readonly string[];
  readonly files: { readonly project: string; readonly projectLocal: string };
}

/** Options of `loadConfig`. */
export interface LoadConfigOptions {
  readonly projectRoot: string;
  /** Layer 4: values from env/flags, nested (`{ scan: { maxScan: 10 } }`) or dotted (`{ 'scan.maxScan': 10 }`). */
  readonly overrides?: Readonly<Record<string, unknown>>;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Flattens an object into dot-path leaves; arrays and scalars are leaves, empty objects vanish. */
export function flatten(
  value: Record<string, unknown>,
  prefix = '',
  out = new Map<string, unknown>(),
): Map<string, unknown> {
  for (const [k, v] of Object.entries(value)) {
    // Security: prototype keys never become config paths.
    if (k === '__proto__' || k === 'constructor' || k === 'prototype') continue;
    const key = prefix === '' ? k : `${prefix}.${k}`;
    if (isPlainObject(v)) flatten(v, key, out);
    else out.set(key, v);
  }
  return out;
}

/** Rebuilds a nested object from dot-path leaves. */
export function unflatten(leaves: ReadonlyMap<string, unknown>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of leaves) {
    const parts = key.split('.');
    let node = root;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      node = isPlainObject(next) ? next : (node[part] = {});
    }
    node[parts[parts.length - 1] as string] = value;
  }
  return root;
}

/**
 * Reads a settings file; missing → null; not a regular file, over 1 MiB or unreadable → `CONFIG_UNREADABLE`;
 * invalid JSON or a non-object → `CONFIG_INVALID_JSON`; each naming it. Security: a bounded read of a regular
 * file, so a committed `settings.json` that is a symlink to `/dev/zero` is refused at once instead of read forever.
 */
export function readSettingsFile(path: string): Record<string, unknown> | null {
  const read = readBounded(path, SMALL_FILE_MAX_BYTES);
  if (!read.ok) {
    if (read.reason === 'missing') return null;
    throw new AdapterError(
      'CONFIG_UNREADABLE',
      `settings file ${read.message}; make it a regular JSON file of at most 1 MiB, or delete it`,
      { data: { path, reason: read.reason } },
    );
  }
  const text = read.bytes.toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new AdapterError(
      'CONFIG_INVALID_JSON',
      `settings file ${path} is not valid JSON (${(err as Error).message}); fix or delete it`,
      { cause: err, data: { path } },
    );
  }
  if (!isPlainObject(parsed)) {
    throw new AdapterError('CONFIG_INVALID_JSON', `settings file ${path} must hold a JSON object`, {
      data: { path },
    });
  }
  return parsed;
}

function layerLeaves(
  layer: ConfigLayer,
  value: Record<string, unknown> | null,
  file: string,
  warnings: string[],
): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  if (value === null) return leaves;
  for (const [key, v] of flatten(value)) {
    if (key === '$schema') continue;
    if (layer === 'project' && isProjectLocalOnly(key)) {
      warnings.push(
        `${file}: "${key}" is ignored here: it is a project-local-only key; set it in ${LOCAL_SETTINGS_FILE} (sm config set) instead`,
      );
      continue;
    }
    const problem = validateLeaf(key, v);
    if (problem !== null) {
      warnings.push(`${file}: ${problem.message}; ignored`);
      continue;
    }
    leaves.set(key, v);
  }
  return leaves;
}

function subtree(merged: Record<string, unknown>, key: string): unknown {
  let node: unknown = merged;
  for (const part of key.split('.')) {
    if (!isPlainObject(node)) return undefined;
    node = node[part];
  }
  return node;
}

/**
 * Loads the four layers (bundled defaults → committed `.skill-map/settings.json` → gitignored
 * `.skill-map/settings.local.json` → overrides) and merges them per dot-path with provenance. Privileged
 * keys are stripped from the committed layer with a warning. Invalid JSON throws `CONFIG_INVALID_JSON`.
 */
export function loadConfig(opts: LoadConfigOptions): LoadedConfig {
  const project = join(opts.projectRoot, PROJECT_SETTINGS_FILE);
  const projectLocal = join(opts.projectRoot, LOCAL_SETTINGS_FILE);
  const warnings: string[] = [];
  const layers: Array<[ConfigLayer, Map<string, unknown>]> = [
    ['defaults', flatten(DEFAULT_CONFIG)],
    ['project', layerLeaves('project', readSettingsFile(project), PROJECT_SETTINGS_FILE, warnings)],
    [
      'project-local',
      layerLeaves('project-local', readSettingsFile(projectLocal), LOCAL_SETTINGS_FILE, warnings),
    ],
    [
      'override',
      layerLeaves(
        'override',
        opts.overrides ? unflatten(flatten({ ...opts.overrides })) : null,
        'overrides',
        warnings,
      ),
    ],
  ];
  const leaves = new Map<string, unknown>();
  const sources = new Map<string, ConfigLayer>();
  for (const [layer, map] of layers) {
    for (const [key, value] of map) {
      // A leaf replaces any leaves under or above it (`plugins.x = []` beats `plugins.x.y`, and vice versa).
      for (const k of leaves.keys()) if (k.startsWith(`${key}.`) || key.startsWith(`${k}.`)) leaves.delete(k);
      leaves.set(key, value);
      sources.set(key, layer);
    }
  }
  const merged = unflatten(leaves);
  return {
    merged,
    warnings,
    files: { project, projectLocal },
    get(key) {
      if (lookupKey(key).kind === 'unknown')
        throw new AdapterError('CONFIG_UNKNOWN_KEY', `unknown configuration key "${key}"`, { data: { key } });
      return subtree(merged, key);
    },
    sourceOf: (key) => sources.get(key),
    list: () =>
      [...leaves.keys()]
        .sort()
        .map((key) => ({ key, value: leaves.get(key), source: sources.get(key) as ConfigLayer })),
  };
}

/** Layer-4 overrides from the environment (`SKILL_MAP_LOG_LEVEL` → `logLevel`). */
export function overridesFromEnv(env: Readonly<Record<string, string | undefined>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const level = env['SKILL_MAP_LOG_LEVEL'];
  if (level !== undefined && level !== '') out['logLevel'] = level;
  return out;
}
