import type { Issue, Link, Node, ScanResult } from '@skill-map/spec';
import type { GraphView } from './analyzers/analyzer.js';
import { assemble, NO_SIDECAR, nodeOf, type Assembled } from './graph/assemble.js';
import { prepareRecord, type PreparedRecord } from './graph/prepared.js';
import { createIssueSink, shortAnalyzerId, type IssueSink } from './graph/issue-sink.js';
import { type PathOracle, type ResolvedLinks } from './graph/resolve.js';
import { resolveLinks } from './graph/resolve-links.js';
import { createInlineFilter } from './graph/inline-filter.js';
import { analyzerCatalogOf } from './analyzers/catalog.js';
import { activeProviderIds, registryOf } from './context.js';
import type { FileRecord, GraphContext, ParsedSidecar, UnreadableFile } from './types.js';
import { joinPath } from './util/posix-path.js';

const PHASES = ['score', 'detect', 'aggregate'] as const;

/** `records` in path order (the same array when already sorted). */
export function sortedRecords(records: readonly FileRecord[]): readonly FileRecord[] {
  for (let i = 1; i < records.length; i++) {
    if (records[i - 1]!.path > records[i]!.path)
      return [...records].sort((a, b) => (a.path < b.path ? -1 : 1));
  }
  return records;
}

/** Existence oracle over the walked paths; the directory set is only built if a broken candidate needs it. */
export function createOracle(ctx: GraphContext): PathOracle {
  const files = ctx.existingPaths ?? new Set<string>();
  const refs = (ctx.settings.referencePaths ?? []).map((p) => joinPath(p));
  let dirs: Set<string> | null = null;
  return {
    exists(path) {
      if (files.has(path)) return true;
      if (refs.some((r) => r === '' || path === r || path.startsWith(r + '/'))) return true;
      if (dirs === null) {
        dirs = new Set<string>();
        // Deepest directory first: once a directory is known, so are all its ancestors (one slice per file, mostly).
        for (const f of files) {
          for (let i = f.lastIndexOf('/'); i !== -1; i = i === 0 ? -1 : f.lastIndexOf('/', i - 1)) {
            const dir = f.slice(0, i);
            if (dirs.has(dir)) break;
            dirs.add(dir);
          }
        }
      }
      return dirs.has(path);
    },
  };
}

/** Canonical issue order: analyzer, first node, data.target, message, first link index. */
export function compareIssues(a: Issue, b: Issue): number {
  const ka = [a.analyzerId, a.nodeIds[0] ?? '', String(a.data?.target ?? ''), a.message];
  const kb = [b.analyzerId, b.nodeIds[0] ?? '', String(b.data?.target ?? ''), b.message];
  for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! < kb[i]! ? -1 : 1;
  return (a.linkIndices?.[0] ?? -1) - (b.linkIndices?.[0] ?? -1);
}

function walkIssues(ctx: GraphContext): Issue[] {
  const issues: Issue[] = [];
  if (ctx.scanTruncated === true) {
    issues.push({
      analyzerId: 'scan-truncated',
      severity: 'warn',
      nodeIds: [],
      message: `Scan truncated at ${ctx.scanCeiling ?? '?'} files (scan.maxScan): the map is incomplete`,
      data: { scanCeiling: ctx.scanCeiling ?? null },
    });
  }
  for (const f of ctx.oversizedFiles ?? []) {
    issues.push({
      analyzerId: 'file-oversized',
      severity: 'info',
      nodeIds: [f.path],
      message: `'${f.path}' (${f.bytes} bytes) is above scan.maxFileSizeBytes and was skipped`,
      data: { bytes: f.bytes },
    });
  }
  for (const f of ctx.unreadableFiles ?? []) issues.push(unreadableIssue(f));
  return issues;
}

/** The one `file-unreadable` issue of a file the walk left unread: what it is and what was lost. */
export function unreadableIssue(f: UnreadableFile): Issue {
  const what =
    f.reason === 'not-a-file'
      ? 'is not a regular file (a device, FIFO or socket, or a symlink to one)'
      : f.reason === 'oversized'
        ? `(${f.bytes ?? '?'} bytes) is larger than the ${f.limit ?? '?'}-byte limit for an ignore file`
        : `could not be read (${f.errorCode ?? 'error'})`;
  const lost = f.ignoreFile ? 'its ignore rules were not applied' : 'it is left out of the map';
  const data: Record<string, unknown> = { reason: f.reason, ignoreFile: f.ignoreFile };
  if (f.bytes !== undefined) data['bytes'] = f.bytes;
  if (f.limit !== undefined) data['limit'] = f.limit;
  if (f.errorCode !== undefined) data['errorCode'] = f.errorCode;
  return {
    analyzerId: 'file-unreadable',
    severity: 'warn',
    nodeIds: [f.path],
    message: `'${f.path}' ${what}: it was not read, and ${lost}`,
    data,
  };
}

/**
 * The graph stage: merges FileRecords (any order) into a ScanResult. Dedupes virtual nodes, attaches sidecars,
 * resolves links (path match, then the name index by the active set's merged priorities), lifts confidence to 1.0, runs the analyzers
 * with suppressions applied at emission, and fills stats from the caller's walk facts. O(nodes + links).
 */
export function buildGraph(records: readonly FileRecord[], ctx: GraphContext): ScanResult {
  return buildGraphState(records, ctx).result;
}

/** The ScanResult of a full build plus what an incremental rebuild reuses (see `graph/incremental.ts`). */
export interface GraphBuild {
  result: ScanResult;
  /** Records in path order. */
  ordered: readonly FileRecord[];
  graph: Assembled;
  resolved: ResolvedLinks;
  oracle: PathOracle;
  /** The issues before inline suppressions (sorted); the result's own list when no file has directives. */
  raw: Issue[];
  /** How many issues the sidecars suppressed (the result counts the inline ones too). */
  sidecarSuppressed: number;
}

/** {@link buildGraph}, keeping its intermediate structures. */
export function buildGraphState(records: readonly FileRecord[], ctx: GraphContext): GraphBuild {
  const lens = ctx.lens.provider;
  const active = activeProviderIds(ctx.lens);
  const ordered = sortedRecords(records);
  const graph = assemble(ordered, active);
  const oracle = createOracle(ctx);
  const resolved = resolveLinks(ordered, graph, active, oracle);
  const links = resolved.links;
  const confidences = new Map<number, number>();
  const sink = createIssueSink(graph.suppressions, confidences);
  for (const record of ordered) {
    const issues = record.issues;
    if (issues !== undefined) for (const issue of issues) sink.emit(issue);
  }
  for (const issue of graph.violations) sink.emit(issue);
  for (const issue of walkIssues(ctx)) sink.emit(issue);
  const exists = (path: string): boolean => oracle.exists(path);
  const view: GraphView = {
    lens,
    providers: active,
    settings: ctx.settings,
    graph,
    existingPaths: ctx.existingPaths,
    exists,
    ...resolved,
  };
  runAnalyzers(view, sink, null);
  for (const [i, confidence] of confidences) links[i]!.confidence = confidence;
  // assemble gave every non-virtual node the shared no-sidecar overlay; only nodes with a sidecar need another.
  for (const [path, sc] of graph.sidecars) {
    const node = graph.byPath.get(path);
    if (node !== undefined && node.virtual !== true)
      node.sidecar = sidecarOverlay(sc, node.bodyHash, node.frontmatterHash);
  }
  const raw = sink.issues.sort(compareIssues);
  const inline = applyInline(ordered, graph, links, raw, ctx);
  const suppressed = sink.suppressed + inline.covered;
  const result = composeResult(ctx, records.length, graph.nodes, links, inline.issues, suppressed);
  return { result, ordered, graph, resolved, oracle, raw, sidecarSuppressed: sink.suppressed };
}

/**
 * The issues `raw` (sorted) less those the files' inline suppressions cover, plus the unused and unknown-rule
 * directives' issues; `raw` itself when no file has directives. Applied to the whole issue list after the analyzers
 * (a broken link keeps its confidence penalty): the incremental build patches `raw` and applies them again.
 */
export function applyInline(
  ordered: readonly FileRecord[],
  graph: Assembled,
  links: readonly Link[],
  raw: Issue[],
  ctx: GraphContext,
): { issues: Issue[]; covered: number } {
  if (graph.inlinePaths === undefined) return { issues: raw, covered: 0 };
  const catalog = analyzerCatalogOf(registryOf(ctx.settings));
  const filter = createInlineFilter(ordered, links, catalog, ctx.settings.inlineSuppressions !== false);
  if (filter === null) return { issues: raw, covered: 0 };
  const issues = raw.filter((issue) => !filter.covers(issue));
  const covered = raw.length - issues.length;
  return { issues: issues.concat(filter.finish()).sort(compareIssues), covered };
}

/** Runs the enabled analyzers phase by phase (`only`: just these ids, for the incremental build's link pass). */
export function runAnalyzers(view: GraphView, sink: IssueSink, only: ReadonlySet<string> | null): void {
  const disabled = new Set((view.settings.disabledAnalyzers ?? []).map(shortAnalyzerId));
  const analyzers = registryOf(view.settings).analyzers();
  for (const phase of PHASES) {
    for (const analyzer of analyzers) {
      if (analyzer.phase !== phase || disabled.has(shortAnalyzerId(analyzer.id))) continue;
      if (only === null || only.has(analyzer.id)) analyzer.run(view, sink);
    }
  }
}

/** The ScanResult around the graph's nodes, links and (sorted) issues, with the caller's walk facts. */
export function composeResult(
  ctx: GraphContext,
  recordCount: number,
  nodes: Node[],
  links: Link[],
  issues: Issue[],
  suppressed: number,
): ScanResult {
  const active = activeProviderIds(ctx.lens);
  const oversized = ctx.oversizedFiles ?? [];
  const result: ScanResult = {
    schemaVersion: 1,
    scannedAt: ctx.scannedAt ?? 0,
    roots: [...(ctx.roots ?? ctx.settings.roots ?? ['.'])],
    nodes,
    links,
    issues,
    stats: {
      filesWalked: ctx.filesWalked ?? recordCount,
      filesSkipped: ctx.filesSkipped ?? ctx.skippedFiles?.length ?? 0,
      filesOversized: oversized.length,
      nodesCount: nodes.length,
      linksCount: links.length,
      issuesCount: issues.length,
      durationMs: ctx.durationMs ?? 0,
      filesAnalyzed: recordCount,
      issuesSuppressed: suppressed,
      // A scan made with --no-inline-suppressions says so (a run fact, kept in the stored scan).
      ...(ctx.settings.inlineSuppressions === false ? { inlineSuppressionsIgnored: 1 } : {}),
    },
    providers: [...active],
    activeProvider: ctx.lens.provider,
    scanCeiling: ctx.scanCeiling ?? 5000,
    scanTruncated: ctx.scanTruncated === true,
    maxRenderNodes: ctx.maxRenderNodes ?? 256,
    oversizedFiles: [...oversized],
  };
  if (ctx.scannedBy !== undefined) result.scannedBy = ctx.scannedBy;
  if (ctx.tokenizer !== undefined) result.tokenizer = ctx.tokenizer;
  return result;
}

/** The spec node of a node record (link counts 0) with its sidecar overlay in `g`: what a patch writes for it. */
export function overlaidNode(
  record: FileRecord,
  g: Assembled,
  prepared: PreparedRecord = prepareRecord(record),
): Node {
  const node = nodeOf(record, prepared);
  const sc = g.sidecars.get(record.path);
  node.sidecar = sc === undefined ? NO_SIDECAR : sidecarOverlay(sc, node.bodyHash, node.frontmatterHash);
  return node;
}

/** The sidecar overlay of a node with these identity hashes. */
export function sidecarOverlay(
  sc: ParsedSidecar,
  bodyHash: string,
  frontmatterHash: string,
): NonNullable<Node['sidecar']> {
  const id = sc.identity;
  let status: 'fresh' | 'stale-body' | 'stale-frontmatter' | 'stale-both' | null = null;
  if (id !== null && id.bodyHash !== null && id.frontmatterHash !== null) {
    const body = id.bodyHash !== bodyHash;
    const fm = id.frontmatterHash !== frontmatterHash;
    status = body && fm ? 'stale-both' : body ? 'stale-body' : fm ? 'stale-frontmatter' : 'fresh';
  }
  return { present: true, status, annotations: sc.annotations, root: sc.root };
}
