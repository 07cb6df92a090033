// Plugin and marketplace manifests as nodes (issue 11): `.claude-plugin/plugin.json` (also `.cursor-plugin/`,
// `.codex-plugin/`) is a `plugin` node, `marketplace.json` a `marketplace` node, linked to what they list: a
// plugin's component paths (`commands`, `agents`, `skills`, `hooks`, `mcpServers`, `outputStyles` given as paths), a
// marketplace's local plugin sources and their listed skills, commands and agents. A listed path that does not exist
// is a broken reference like any other.
import type { Issue, NodeKind } from '@skill-map/spec';
import { canonicalFrontmatter } from './parse/frontmatter.js';
import type { FileContext, FileRecord, RawLink, SourceFile } from './types.js';
import { createLineIndex } from './util/line-index.js';
import { dirname, joinPath } from './util/posix-path.js';

const COMPONENT_FIELDS = ['commands', 'agents', 'skills', 'hooks', 'mcpServers', 'outputStyles'] as const;
const BY = 'core/plugin-manifest';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const pathsOf = (v: unknown): string[] =>
  (typeof v === 'string' ? [v] : Array.isArray(v) ? v : []).filter(
    (s): s is string => typeof s === 'string' && s.trim() !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(s),
  );

/** Plugin names a manifest declares (for `plugin:skill` triggers). */
export function manifestPluginNames(doc: Record<string, unknown>): string[] {
  const names = new Set<string>();
  if (typeof doc['name'] === 'string' && !Array.isArray(doc['plugins'])) names.add(doc['name']);
  if (Array.isArray(doc['plugins']))
    for (const p of doc['plugins'] as unknown[])
      if (isRecord(p) && typeof p['name'] === 'string') names.add(p['name']);
  return [...names].sort();
}

/** The manifest's links: `[target, raw]` pairs, scope-relative targets. */
function listed(doc: Record<string, unknown>, root: string, marketplace: boolean): [string, string][] {
  const out: [string, string][] = [];
  const add = (base: string, raw: string): void => {
    const target = joinPath(base, raw);
    if (target !== base || raw.replace(/^\.\/?/, '') !== '') out.push([target, raw]);
  };
  if (!marketplace) {
    for (const field of COMPONENT_FIELDS) for (const p of pathsOf(doc[field])) add(root, p);
    return out;
  }
  const meta = isRecord(doc['metadata']) ? doc['metadata'] : {};
  const pluginRoot = typeof meta['pluginRoot'] === 'string' ? joinPath(root, meta['pluginRoot']) : root;
  for (const p of Array.isArray(doc['plugins']) ? (doc['plugins'] as unknown[]) : []) {
    if (!isRecord(p) || typeof p['source'] !== 'string' || /^[a-z][a-z0-9+.-]*:/i.test(p['source'])) continue;
    const source = p['source'];
    const bare = !source.startsWith('.') && !source.startsWith('/');
    const base = joinPath(bare ? pluginRoot : root, source);
    if (base !== root) out.push([base, source]);
    for (const field of ['commands', 'agents', 'skills'] as const)
      for (const c of pathsOf(p[field])) add(base, c);
  }
  return out;
}

/**
 * The record of a manifest: a `plugin` or `marketplace` node (provider `plugin`) whose frontmatter holds its name,
 * version and description, with its plugin names and the links above. A manifest that does not parse keeps its node
 * and gets `manifest-invalid`.
 */
export function manifestRecord(file: SourceFile, ctx: FileContext, record: FileRecord): FileRecord {
  const marketplace = file.path.endsWith('marketplace.json');
  const root = dirname(dirname(file.path));
  const node: NonNullable<FileRecord['node']> = {
    kind: (marketplace ? 'marketplace' : 'plugin') satisfies NodeKind,
    provider: 'plugin',
    bytes: file.bytes,
    modifiedAtMs: file.modifiedAtMs,
  };
  record.node = node;
  let doc: unknown;
  try {
    doc = JSON.parse(file.text);
  } catch (error) {
    const issue: Issue = {
      analyzerId: 'manifest-invalid',
      severity: 'warn',
      nodeIds: [file.path],
      message: `Manifest does not parse: ${(error as Error).message.split('\n')[0]!}`,
    };
    record.issues = [issue];
    return record;
  }
  if (!isRecord(doc)) {
    const message = 'Manifest is not a JSON object';
    record.issues = [{ analyzerId: 'manifest-invalid', severity: 'warn', nodeIds: [file.path], message }];
    return record;
  }
  const names = manifestPluginNames(doc);
  if (names.length > 0) record.pluginNames = names;
  const fm: Record<string, unknown> = {};
  for (const key of ['name', 'version', 'description'] as const)
    if (typeof doc[key] === 'string') fm[key] = doc[key].slice(0, 1000);
  if (Object.keys(fm).length > 0) {
    node.frontmatter = fm;
    node.frontmatterHash = ctx.hash(canonicalFrontmatter(fm));
  }
  const lines = createLineIndex(file.text);
  const links: RawLink[] = [];
  const seen = new Set<string>();
  for (const [target, raw] of listed(doc, root, marketplace)) {
    if (seen.has(target)) continue;
    seen.add(target);
    const at = Math.max(0, file.text.indexOf(JSON.stringify(raw)) + 1);
    const { line, column } = lines.locate(at);
    links.push({
      target,
      by: BY,
      at: [line, column, at],
      kind: 'references',
      pathStyle: true,
      raw,
      bare: null,
    });
    if (links.length >= 2000) break;
  }
  if (links.length > 0) record.links = links.sort((a, b) => a.at[2] - b.at[2]);
  return record;
}
