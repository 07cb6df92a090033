// Drop-in plugin discovery: every direct child folder of the project's `.skill-map/plugins/` and of the user's
// `~/.skill-map/plugins/` (SKILL_MAP_USER_PLUGINS overrides it) holding a `plugin.json`. Reads and validates
// manifests only: no plugin code is touched here.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ViewContribution } from '@skill-map/spec';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { PluginSource } from '../../kernel/index.js';
import { declaredExtensions, isFolderLayout, type DeclaredExtension } from './folder-layout.js';
import { readKindFiles, toDeclaredKind, type DeclaredKind } from './kind-folders.js';
import { hasDropIns, type PluginRoots } from './plugin-roots.js';
import { checks, loadChecks } from './checks.js';

export { pluginRoots, type PluginRoots } from './plugin-roots.js';

/** A plugin.json as the schema describes it. */
export interface PluginManifest {
  id: string;
  version: string;
  specCompat: string;
  description?: string;
  /** The modules; absent in the folder layout when the plugin has no extension (storage only). */
  extensions?: string[];
  catalogCompat?: string;
  granularity?: 'bundle' | 'extension';
  storage?: Record<string, unknown>;
  author?: string;
  license?: string;
  homepage?: string;
  repository?: string;
  contributions?: unknown[];
}

/** A discovered plugin folder: its manifest, or why it has none usable. */
export interface FoundPlugin {
  /** The manifest id, or the folder name when the manifest is unusable. */
  id: string;
  dir: string;
  source: Exclude<PluginSource, 'built-in'>;
  manifest: { ok: true; value: PluginManifest } | { ok: false; reason: string };
  /** The manifest's valid view contributions. */
  contributions: ViewContribution[];
  /** Why each left-out contribution is invalid. */
  contributionErrors: string[];
  /** The folder layout's extensions, as their extension.json declare them (absent for a listed `extensions`). */
  declared?: DeclaredExtension[];
  /** The folder layout's `kinds/<kind>/kind.json`, checked (absent for a listed `extensions`). */
  kinds?: DeclaredKind[];
}

const explain = (v: ValidateFunction): string =>
  (v.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`)
    .join('; ');

/** Validates a manifest against the plugins registry's PluginManifest. */
function validateManifest(value: unknown): string | null {
  const { manifestCheck } = checks();
  if (manifestCheck(value) === true) return null;
  return explain(manifestCheck);
}

/** A folder-layout plugin's kinds, each kind.json checked against provider-kind.schema.json; or the first problem. */
function checkedKinds(dir: string): DeclaredKind[] | string {
  const files = readKindFiles(dir);
  if (typeof files === 'string') return files;
  if (files.length === 0) return [];
  const { providerKindCheck } = checks();
  for (const f of files)
    if (providerKindCheck(f.doc) !== true)
      return `${f.file} does not match the provider-kind schema: ${explain(providerKindCheck)}`;
  return files.map(toDeclaredKind);
}

/** Each declared view contribution checked on its own: the valid ones, and why each other one is left out. */
function checkContributions(
  manifest: PluginManifest,
): Pick<FoundPlugin, 'contributions' | 'contributionErrors'> {
  const contributions: ViewContribution[] = [];
  const contributionErrors: string[] = [];
  const seen = new Set<string>();
  const { viewContributionCheck } = checks();
  (manifest.contributions ?? []).forEach((c, i) => {
    const label = `view contribution ${i}${typeof (c as { id?: unknown })?.id === 'string' ? ` '${(c as { id: string }).id}'` : ''}`;
    if (viewContributionCheck(c) !== true)
      contributionErrors.push(`${label} is invalid: ${explain(viewContributionCheck)}`);
    else if (seen.has((c as ViewContribution).id)) contributionErrors.push(`${label} repeats an id`);
    else {
      seen.add((c as ViewContribution).id);
      contributions.push(c as ViewContribution);
    }
  });
  return { contributions, contributionErrors };
}

type Read = { manifest: FoundPlugin['manifest']; declared?: DeclaredExtension[]; kinds?: DeclaredKind[] };

/**
 * A folder-layout plugin.json made whole: the id from the folder when absent, `extensions` from its extension
 * folders (left out of what the schema checks when there is none: a storage-only plugin).
 */
function folderManifest(dir: string, name: string, value: Record<string, unknown>): Read | string {
  const declared = declaredExtensions(dir);
  if (typeof declared === 'string') return declared;
  const whole: Record<string, unknown> = { ...value, id: value['id'] ?? name };
  if (declared.length > 0) whole['extensions'] = declared.map((d) => d.entry);
  return { manifest: { ok: true, value: whole as unknown as PluginManifest }, declared };
}

function readManifest(dir: string, name: string): Read {
  const bad = (reason: string): Read => ({ manifest: { ok: false, reason } });
  const file = join(dir, 'plugin.json');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    return bad(`plugin.json is unreadable (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return bad(`plugin.json does not parse: ${(err as Error).message.split('\n')[0]!}`);
  }
  let read: Read = { manifest: { ok: true, value: value as PluginManifest } };
  if (isFolderLayout(value)) {
    const folder = folderManifest(dir, name, value as Record<string, unknown>);
    if (typeof folder === 'string') return bad(folder);
    const kinds = checkedKinds(dir);
    if (typeof kinds === 'string') return bad(kinds);
    const declared = (folder.declared ?? []).map((d) => (d.kind === 'provider' ? { ...d, kinds } : d));
    read = { ...folder, declared, kinds };
  } else if (typeof value === 'object' && value !== null && !Object.hasOwn(value, 'id'))
    return bad("plugin.json does not match the manifest schema: / must have required property 'id'");
  const problem = validateManifest(read.manifest.ok ? read.manifest.value : value);
  if (problem !== null) return bad(`plugin.json does not match the manifest schema: ${problem}`);
  return read;
}

function scanRoot(root: string, source: FoundPlugin['source']): FoundPlugin[] {
  if (!existsSync(root)) return [];
  let names: string[];
  try {
    names = readdirSync(root).sort();
  } catch {
    return [];
  }
  const found: FoundPlugin[] = [];
  for (const name of names) {
    const dir = join(root, name);
    try {
      if (!statSync(dir).isDirectory() || !existsSync(join(dir, 'plugin.json'))) continue;
    } catch {
      continue;
    }
    const { manifest, declared, kinds } = readManifest(dir, name);
    const checked = manifest.ok
      ? checkContributions(manifest.value)
      : { contributions: [], contributionErrors: [] };
    found.push({
      id: manifest.ok ? manifest.value.id : name,
      dir,
      source,
      manifest,
      ...checked,
      ...(declared === undefined ? {} : { declared }),
      ...(kinds === undefined ? {} : { kinds }),
    });
  }
  return found;
}

/** The drop-in plugins under both roots: the project's first, then the user's, each sorted by folder name. */
export async function discoverPlugins(roots: PluginRoots): Promise<FoundPlugin[]> {
  if (!hasDropIns(roots)) return [];
  await loadChecks();
  return [...scanRoot(roots.project, 'project'), ...scanRoot(roots.user, 'user')];
}
