// Imports a trusted plugin's extension modules (in its worker, see plugin-host.ts) and turns each default export into
// a registry entry whose functions call into the worker, wrapped so the plugin's mistakes stay its own: a throw, a
// hang (time limit) or a bad answer costs that answer (one `extension-error` issue), never the scan.
import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  pluginTimeoutMs,
  startPluginHost,
  PluginImportError,
  type ExportMeta,
  type PluginHost,
} from './plugin-host.js';
import type { NodeKind, ViewContribution } from '@skill-map/spec';
import type { ExtensionInput, Formatter, Provider, Subgraph } from '../../kernel/index.js';
import type { PluginManifest } from './discover.js';
import type { DeclaredExtension } from './folder-layout.js';
import { providerKinds } from './kind-ui.js';
import { actionOf } from './plugin-action.js';
import { pluginExtractor } from './plugin-extractor.js';
import { pluginHook } from './plugin-hook.js';
import { pluginAnalyzer } from './plugin-analyzer.js';
import { PluginLoadError } from './plugin-errors.js';
import { text, type Exported, type Invoke } from './export-values.js';
import { readProbabilisticAnalyzer } from './prob-analyzer.js';
import { readUiMap } from './ui-contributions.js';

export { PluginLoadError };

/** A plugin's answer that was discarded (the kernel reports `message` as is). */
class ExtensionFault extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExtensionFault';
  }
}

/**
 * Calls into the worker. Once the worker is stopped (a call timed out), that fault was reported once: a later
 * `quiet` call (a provider's classify, one per file) answers null instead of costing one more issue per file.
 */
function guarded(host: PluginHost, ext: number, reported: { dead: boolean }): Invoke {
  return (method, args, quiet = false) => {
    if (quiet && reported.dead && host.dead() !== null) return null;
    try {
      return host.call(ext, method, args);
    } catch (error) {
      if (host.dead() !== null) reported.dead = true;
      throw new ExtensionFault((error as Error).message);
    }
  };
}

/** The module path of one manifest entry, refused when it leaves the plugin folder (symlinks resolved). */
function modulePath(dir: string, entry: string): string {
  const abs = resolve(dir, entry);
  let real: string;
  try {
    real = realpathSync(abs);
  } catch {
    throw new PluginLoadError(`extension '${entry}' does not exist`);
  }
  const rel = relative(realpathSync(dir), real);
  if (rel.startsWith('..') || isAbsolute(rel))
    throw new PluginLoadError(`extension '${entry}' is outside the plugin folder`);
  return real;
}

/** A node kind's name: the spec's vocabulary or a plugin's own kind (node.schema.json's pattern). */
const KIND_NAME = /^[a-zA-Z][a-zA-Z0-9_-]{0,63}$/;

function provider(ext: Exported, id: string, invoke: Invoke): Provider {
  const { kinds, ui } = providerKinds(ext, id);
  const bad = kinds.filter((k) => typeof k !== 'string' || !KIND_NAME.test(k));
  if (kinds.length === 0 || bad.length > 0)
    throw new PluginLoadError(
      `provider '${id}': kinds must be a non-empty list of kind names (a letter, then up to 63 letters, digits, _ or -), got ${JSON.stringify(bad[0] ?? [])}`,
    );
  if (!has(ext, 'classify')) throw new PluginLoadError(`provider '${id}' has no classify(path)`);
  return {
    id,
    stability: 'experimental',
    gated: false,
    lensCapable: false,
    markers: [],
    subsumes: [],
    kinds: kinds as NodeKind[],
    ui,
    resolution: {},
    reserved: {},
    mcpConfigs: [],
    sigil: null,
    skillDir: null,
    // The kernel discards (and reports) a throw or a kind outside `kinds`.
    classify: (path) => invoke('classify', [path], true) as NodeKind | null,
  };
}

/**
 * A formatter: ours declares `format` (its --format name) and `render(graph)`; the reference's form names the format
 * by the extension's own id (its folder) and answers `format(graph)`.
 */
function formatter(ext: Exported, id: string, invoke: Invoke): Formatter {
  const method = has(ext, 'render') ? 'render' : has(ext, 'format') ? 'format' : null;
  const format = method === 'format' ? id.slice(id.indexOf('/') + 1) : text(ext['format']);
  if (format === undefined || !/^[a-z][a-z0-9-]*$/.test(format))
    throw new PluginLoadError(`formatter '${id}' needs a kebab-case format`);
  if (method === null) throw new PluginLoadError(`formatter '${id}' has no render(graph) nor format(graph)`);
  return {
    id,
    format,
    contentType: text(ext['contentType']) ?? 'text/plain; charset=utf-8',
    render(graph) {
      const out = invoke(method, [
        { nodes: graph.nodes, links: graph.links, issues: graph.issues } satisfies Subgraph,
      ]);
      if (typeof out !== 'string') throw new Error(`formatter '${id}' did not return a string`);
      return out;
    },
  };
}

/** The export declares this function. */
const FUNCTIONS = '\0functions';
const has = (ext: Exported, fn: string): boolean => (ext[FUNCTIONS] as string[]).includes(fn);

/**
 * One default export (its data fields and function names) as a registry entry calling `invoke` (throws
 * PluginLoadError when it is not a valid extension).
 */
export async function toExtension(
  pluginId: string,
  meta: ExportMeta | null,
  entry: string,
  invoke: Invoke,
  contributions: readonly ViewContribution[] = [],
  declared?: DeclaredExtension,
  dir = '.',
): Promise<ExtensionInput> {
  if (meta === null) throw new PluginLoadError(`'${entry}' has no default export object`);
  // The folder layout declares id, kind, version and description on disk; the module may leave them out.
  const exported: Exported = {
    ...(declared === undefined
      ? {}
      : {
          id: declared.id,
          kind: declared.kind,
          version: declared.version,
          description: declared.description,
        }),
    ...meta.data,
    [FUNCTIONS]: meta.functions,
  };
  // A folder-layout provider whose module declares no kinds classifies into its plugin's kinds/ folders.
  if (exported['kinds'] === undefined && declared?.kinds !== undefined && declared.kinds.length > 0)
    exported['kinds'] = Object.fromEntries(declared.kinds.map((k) => [k.kind, { ui: k.ui }]));
  const shortId = text(exported['id']);
  const kind = exported['kind'];
  const version = text(exported['version']);
  if (shortId === undefined || version === undefined)
    throw new PluginLoadError(`'${entry}': an extension needs an id and a version`);
  const id = shortId.includes('/') ? shortId : `${pluginId}/${shortId}`;
  const bare = id.slice(id.indexOf('/') + 1);
  const description = text(exported['description']) ?? '';
  const mode = exported['mode'] ?? 'deterministic';
  if (mode === 'probabilistic') {
    // A finder: its prompt and report contract are files, read now (the plugin is trusted); no function of it runs.
    if (kind !== 'analyzer')
      throw new PluginLoadError(
        `'${entry}': only analyzers may be probabilistic in a plugin for now (kind ${JSON.stringify(kind)})`,
      );
    const impl = await readProbabilisticAnalyzer(dir, entry, id, exported, meta.functions);
    return {
      id,
      version,
      description,
      kind,
      mode,
      ...(exported['defaultEnabled'] === false ? { defaultEnabled: false } : {}),
      impl,
    };
  }
  if (mode !== 'deterministic')
    throw new PluginLoadError(
      `'${entry}': mode must be deterministic or probabilistic (got ${JSON.stringify(mode)})`,
    );
  // A `ui` map off the slot catalog throws UiMapError: the whole plugin is then invalid-manifest.
  const ui = readUiMap(exported['ui'], id);
  const base = { id, version, description, mode: 'deterministic' as const, ...(ui.length > 0 ? { ui } : {}) };
  if (kind === 'provider') return { ...base, kind, impl: provider(exported, id, invoke) };
  if (kind === 'analyzer')
    return {
      ...base,
      kind,
      impl: pluginAnalyzer(
        exported,
        id,
        { pluginId, shortId: bare, description, contributions, ui },
        invoke,
        has(exported, 'evaluate'),
      ),
    };
  if (kind === 'formatter') return { ...base, kind, impl: formatter(exported, id, invoke) };
  if (kind === 'hook') return { ...base, kind, impl: pluginHook(exported, id, has(exported, 'on'), invoke) };
  if (kind === 'extractor')
    return { ...base, kind, impl: pluginExtractor(exported, id, invoke, has(exported, 'extract')) };
  if (kind === 'action')
    return {
      ...base,
      kind,
      ...(exported['defaultEnabled'] === false ? { defaultEnabled: false } : {}),
      impl: actionOf(
        exported,
        id,
        has(exported, 'run') ? 'run' : has(exported, 'invoke') ? 'invoke' : null,
        invoke,
      ),
    };
  throw new PluginLoadError(
    `'${entry}': kind ${JSON.stringify(kind)} is not an extension kind (provider, extractor, analyzer, action, formatter or hook)`,
  );
}

const HOSTS = new Map<string, { key: string; host: PluginHost }>();

/**
 * Imports every extension of a trusted plugin in its worker (one per plugin folder and version, kept for the process:
 * a later scan reuses it); the first failure is the plugin's load error.
 */
export async function importExtensions(
  dir: string,
  manifest: PluginManifest,
  timeoutMs: number = pluginTimeoutMs(),
  contributions: readonly ViewContribution[] = [],
  declared?: readonly DeclaredExtension[],
): Promise<ExtensionInput[]> {
  // The folder layout imports only the extensions its extension.json files let run (`declared`, already chosen).
  const entries = declared === undefined ? (manifest.extensions ?? []) : declared.map((d) => d.entry);
  if (entries.length === 0) return [];
  const urls = entries.map((entry) => pathToFileURL(modulePath(dir, entry)).href);
  const key = `${manifest.version}\n${timeoutMs}\n${urls.join('\n')}`;
  let cached = HOSTS.get(dir);
  // A stopped worker (a call timed out) is replaced: each scan gets its chance, and reports a hang once.
  if (cached?.key !== key || cached.host.dead() !== null) {
    cached?.host.close();
    HOSTS.delete(dir);
    let host: PluginHost;
    try {
      host = await startPluginHost(urls, timeoutMs);
    } catch (error) {
      const at =
        error instanceof PluginImportError && error.entry !== ''
          ? entries[urls.indexOf(error.entry)]
          : undefined;
      throw new PluginLoadError(
        `${at === undefined ? 'the plugin' : `'${at}'`} failed to import: ${(error as Error).message}`,
      );
    }
    cached = { key, host };
    HOSTS.set(dir, cached);
  }
  const host = cached.host;
  const reported = { dead: false };
  const out: ExtensionInput[] = [];
  for (const [i, entry] of entries.entries())
    out.push(
      await toExtension(
        manifest.id,
        host.meta[i] ?? null,
        entry,
        guarded(host, i, reported),
        contributions,
        declared?.[i],
        dir,
      ),
    );
  return out;
}
