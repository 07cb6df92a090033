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
import { SEVERITIES } from '@skill-map/spec';
import type { Issue, NodeKind, ViewContribution } from '@skill-map/spec';
import type {
  Analyzer,
  AnalyzerPhase,
  ContributionPayload,
  ExtensionInput,
  Formatter,
  Provider,
  Subgraph,
} from '../../kernel/index.js';
import type { PluginManifest } from './discover.js';
import type { DeclaredExtension } from './folder-layout.js';
import { providerKinds } from './kind-ui.js';
import { actionOf } from './plugin-action.js';
import { pluginExtractor } from './plugin-extractor.js';
import { pluginHook } from './plugin-hook.js';
import { checkContributions, splitAnswer } from './contribution-data.js';
import { confidenceOps } from './confidence-ops.js';
import { PluginLoadError } from './plugin-errors.js';
import { readProbabilisticAnalyzer } from './prob-analyzer.js';
import { checkEmitted, readUiMap, type EmittedContribution, type UiEntry } from './ui-contributions.js';

export { PluginLoadError };

type Exported = Record<string, unknown>;
/** Calls one function of the extension (in its worker); throws an ExtensionFault. */
type Invoke = (method: string, args: readonly unknown[], quiet?: boolean) => unknown;

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
const isRecord = (v: unknown): v is Exported => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

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

/** A plugin issue as an analyzer returns it, checked; null when it is not one. */
function issueOf(value: unknown, analyzerId: string, paths: ReadonlySet<string>): Issue | null {
  if (!isRecord(value)) return null;
  const { severity, message, nodeIds, data } = value;
  if (typeof severity !== 'string' || !(SEVERITIES as readonly string[]).includes(severity)) return null;
  if (text(message) === undefined || !Array.isArray(nodeIds)) return null;
  if (!nodeIds.every((p) => typeof p === 'string' && paths.has(p))) return null;
  if (data !== undefined && !isRecord(data)) return null;
  const issue: Issue = {
    analyzerId,
    severity: severity as Issue['severity'],
    nodeIds: [...(nodeIds as string[])],
    message: (message as string).slice(0, 2000),
  };
  if (data !== undefined) issue.data = JSON.parse(JSON.stringify(data)) as Issue['data'];
  return issue;
}

/** What a plugin analyzer hands back besides its ids (issues, then view-contribution data). */
interface AnalyzerContext {
  pluginId: string;
  shortId: string;
  description: string;
  contributions: readonly ViewContribution[];
  /** Its `ui` map, checked at load. */
  ui: readonly UiEntry[];
}

const PHASES: readonly AnalyzerPhase[] = ['score', 'detect', 'aggregate'];
function analyzer(ext: Exported, id: string, ctx: AnalyzerContext, invoke: Invoke): Analyzer {
  if (!has(ext, 'evaluate')) throw new PluginLoadError(`analyzer '${id}' has no evaluate({ nodes, links })`);
  const phase = ext['phase'] ?? 'detect';
  if (!PHASES.includes(phase as AnalyzerPhase))
    throw new PluginLoadError(`analyzer '${id}': phase must be score, detect or aggregate`);
  let latest: ContributionPayload[] | null = null;
  let warnings: string[] = [];
  return {
    id,
    phase: phase as AnalyzerPhase,
    severity: 'varies',
    suppressible: false,
    description: ctx.description,
    takeContributions() {
      const taken = latest;
      latest = null;
      return taken;
    },
    takeWarnings() {
      const taken = warnings;
      warnings = [];
      return taken;
    },
    run(view, sink) {
      const fault = (problem: string, what = 'its issues are'): void => {
        sink.emit({
          analyzerId: 'extension-error',
          severity: 'warn',
          nodeIds: [],
          message: `Extension '${id}' ${problem.slice(0, 300)}; ${what} left out`,
          data: { extension: id, error: problem },
        });
      };
      latest = [];
      // Only the last run's warnings are kept: a long-running process (sm lsp) that never takes them does not pile up.
      warnings = [];
      let answer: unknown;
      try {
        // Copies (the worker receives structured clones): a plugin never reaches the kernel's own objects.
        answer = invoke('evaluate', [{ nodes: view.graph.nodes, links: view.links }]);
      } catch (error) {
        fault((error as Error).message);
        return;
      }
      const split = splitAnswer(answer);
      if (split === null) {
        fault('did not return a list');
        return;
      }
      const kindOf = new Map<string, string>(view.graph.nodes.map((n) => [n.path, n.kind]));
      const checked = checkContributions(split.contributions, ctx.pluginId, ctx.contributions, kindOf);
      const paths = new Set(kindOf.keys());
      // ctx.emitContribution payloads: one that fails its slot's schema is a warning (stderr), not an issue.
      const emitted = Array.isArray(split.emitted) ? (split.emitted as EmittedContribution[]) : [];
      const fromUi = checkEmitted(emitted, id, ctx.pluginId, ctx.ui, paths);
      latest = [...checked.payloads, ...fromUi.payloads];
      warnings.push(...fromUi.warnings);
      if (checked.errors.length > 0) fault(checked.errors.join('; '), 'those payloads are');
      const issues = split.issues.map((a) => issueOf(a, ctx.shortId, paths));
      const bad = issues.findIndex((i) => i === null);
      if (bad !== -1) {
        fault(
          `answered an invalid issue at index ${bad} (severity, message and nodeIds naming nodes are required)`,
        );
        return;
      }
      // Only a score-phase analyzer may move confidence (the kernel folds the ops in order, clamped to [0,1]).
      const ops = confidenceOps(split.confidence, view.links.length);
      if (typeof ops === 'string') fault(ops, 'its confidence adjustments are');
      else if (ops.length > 0 && phase !== 'score')
        fault("adjusted confidence outside the score phase (declare phase: 'score')", 'its adjustments are');
      else for (const op of ops) sink.adjust(op);
      for (const issue of issues) sink.emit(issue!);
    },
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
      impl: analyzer(exported, id, { pluginId, shortId: bare, description, contributions, ui }, invoke),
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
