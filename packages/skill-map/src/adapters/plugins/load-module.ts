// Imports a trusted plugin's extension modules and turns each default export into a registry entry, wrapped so the
// plugin's mistakes stay its own: a throw or bad answer costs that answer (one `extension-error` issue), never the scan.
import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { NODE_KINDS, SEVERITIES } from '@skill-map/spec';
import type { Issue, Link, Node, NodeKind } from '@skill-map/spec';
import type { Analyzer, ExtensionInput, Formatter, Provider, Subgraph } from '../../kernel/index.js';
import type { PluginManifest } from './discover.js';

/** Why a plugin's extensions could not be loaded (the plugin's status becomes `load-error`). */
export class PluginLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PluginLoadError';
  }
}

type Exported = Record<string, unknown>;
const isRecord = (v: unknown): v is Exported => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
const describe = (error: unknown): string =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 2000);

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

function provider(ext: Exported, id: string): Provider {
  const kinds = Array.isArray(ext['kinds']) ? (ext['kinds'] as unknown[]) : [];
  const bad = kinds.filter((k) => typeof k !== 'string' || !(NODE_KINDS as readonly string[]).includes(k));
  if (kinds.length === 0 || bad.length > 0)
    throw new PluginLoadError(`provider '${id}': kinds must be a non-empty list of ${NODE_KINDS.join(', ')}`);
  if (typeof ext['classify'] !== 'function')
    throw new PluginLoadError(`provider '${id}' has no classify(path)`);
  const classify = ext['classify'] as (path: string) => unknown;
  return {
    id,
    stability: 'experimental',
    gated: false,
    lensCapable: false,
    markers: [],
    subsumes: [],
    kinds: kinds as NodeKind[],
    resolution: {},
    reserved: {},
    mcpConfigs: [],
    sigil: null,
    skillDir: null,
    // The kernel discards (and reports) a throw or a kind outside `kinds`.
    classify: (path) => classify(path) as NodeKind | null,
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

function analyzer(ext: Exported, id: string, shortId: string, description: string): Analyzer {
  if (typeof ext['evaluate'] !== 'function')
    throw new PluginLoadError(`analyzer '${id}' has no evaluate({ nodes, links })`);
  const evaluate = ext['evaluate'] as (ctx: { nodes: Node[]; links: Link[] }) => unknown;
  return {
    id,
    phase: 'detect',
    severity: 'varies',
    suppressible: false,
    description,
    run(view, sink) {
      const fault = (problem: string): void => {
        sink.emit({
          analyzerId: 'extension-error',
          severity: 'warn',
          nodeIds: [],
          message: `Extension '${id}' ${problem.slice(0, 300)}; its issues are left out`,
          data: { extension: id, error: problem },
        });
      };
      let answer: unknown;
      try {
        // Copies: a plugin cannot reach (or mutate) the kernel's own objects.
        answer = evaluate(structuredClone({ nodes: view.graph.nodes, links: [...view.links] }));
      } catch (error) {
        fault(`threw ${describe(error)}`);
        return;
      }
      if (answer instanceof Promise || !Array.isArray(answer)) {
        fault(
          answer instanceof Promise
            ? 'returned a promise (analyzers are synchronous)'
            : 'did not return a list',
        );
        return;
      }
      const paths = new Set(view.graph.nodes.map((n) => n.path));
      const issues = answer.map((a) => issueOf(a, shortId, paths));
      const bad = issues.findIndex((i) => i === null);
      if (bad !== -1) {
        fault(
          `answered an invalid issue at index ${bad} (severity, message and nodeIds naming nodes are required)`,
        );
        return;
      }
      for (const issue of issues) sink.emit(issue!);
    },
  };
}

function formatter(ext: Exported, id: string): Formatter {
  const format = text(ext['format']);
  if (format === undefined || !/^[a-z][a-z0-9-]*$/.test(format))
    throw new PluginLoadError(`formatter '${id}' needs a kebab-case format`);
  if (typeof ext['render'] !== 'function')
    throw new PluginLoadError(`formatter '${id}' has no render(graph)`);
  const render = ext['render'] as (g: Subgraph) => unknown;
  return {
    id,
    format,
    contentType: text(ext['contentType']) ?? 'text/plain; charset=utf-8',
    render(graph) {
      const out = render(structuredClone({ nodes: graph.nodes, links: graph.links, issues: graph.issues }));
      if (typeof out !== 'string') throw new Error(`formatter '${id}' did not return a string`);
      return out;
    },
  };
}

/** One default export as a registry entry (throws PluginLoadError when it is not a valid extension). */
export function toExtension(pluginId: string, exported: unknown, entry: string): ExtensionInput {
  if (!isRecord(exported)) throw new PluginLoadError(`'${entry}' has no default export object`);
  const shortId = text(exported['id']);
  const kind = exported['kind'];
  const version = text(exported['version']);
  if (shortId === undefined || version === undefined)
    throw new PluginLoadError(`'${entry}': an extension needs an id and a version`);
  const id = shortId.includes('/') ? shortId : `${pluginId}/${shortId}`;
  const bare = id.slice(id.indexOf('/') + 1);
  const description = text(exported['description']) ?? '';
  const mode = exported['mode'] ?? 'deterministic';
  if (mode !== 'deterministic')
    throw new PluginLoadError(
      `'${entry}': only deterministic plugin extensions load for now (mode ${JSON.stringify(mode)})`,
    );
  const base = { id, version, description, mode: 'deterministic' as const };
  if (kind === 'provider') return { ...base, kind, impl: provider(exported, id) };
  if (kind === 'analyzer') return { ...base, kind, impl: analyzer(exported, id, bare, description) };
  if (kind === 'formatter') return { ...base, kind, impl: formatter(exported, id) };
  throw new PluginLoadError(
    `'${entry}': kind ${JSON.stringify(kind)} cannot be loaded from a plugin (provider, analyzer or formatter)`,
  );
}

/** Imports every extension of a trusted plugin; the first failure is the plugin's load error. */
export async function importExtensions(dir: string, manifest: PluginManifest): Promise<ExtensionInput[]> {
  const out: ExtensionInput[] = [];
  for (const entry of manifest.extensions) {
    const url = `${pathToFileURL(modulePath(dir, entry)).href}?v=${encodeURIComponent(manifest.version)}`;
    let mod: Exported;
    try {
      mod = (await import(url)) as Exported;
    } catch (error) {
      throw new PluginLoadError(`'${entry}' failed to import: ${describe(error)}`);
    }
    out.push(toExtension(manifest.id, mod['default'], entry));
  }
  return out;
}
