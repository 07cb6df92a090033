/**
 * The narrow read port every server door (REST routes, MCP tools and resources, the broadcaster sink)
 * reads the persisted map through. It is synchronous because the store is (better-sqlite3): a read is an
 * indexed query, never "load the whole scan and filter in JavaScript". Implementations:
 * `sqlite-map-reader.ts` (the adapters' SQLite store) and `memory-map-reader.ts` (unit tests).
 */
import type { Issue, Link, Node, ScanResult, Severity } from '@skill-map/spec';
import type { BranchProjection, ClosedSubgraph, ExportQuery, MapScope } from '../../kernel/index.js';

/** Everything in a ScanResult except the three big arrays, plus their sizes. */
export type ScanMeta = Omit<ScanResult, 'nodes' | 'links' | 'issues'> & {
  counts: { nodes: number; links: number; issues: number };
};

/** One node with its links in both directions and the issues naming it (`get_node`, `/api/nodes/:pathB64`). */
export interface NodeBundle {
  item: Node;
  links: { incoming: Link[]; outgoing: Link[] };
  issues: Issue[];
}

/** A page request; `limit` is already clamped by the caller. */
export interface Page {
  readonly limit: number;
  readonly offset: number;
}

/** A page of results plus the pre-pagination total. */
export interface PageOf<T> {
  items: T[];
  total: number;
}

/** `list_issues` / `GET /api/issues` filters; each list is OR-ed, lists are AND-ed. */
export interface IssueFilter {
  readonly severities?: readonly Severity[];
  /** Matches the stored short id exactly, or the short id of a qualified token (`core/reference-broken`). */
  readonly analyzerIds?: readonly string[];
  /** Issues whose nodeIds contain any of these paths. */
  readonly nodes?: readonly string[];
}

/** `GET /api/links` filters (exact matches; `to` matches target or resolvedTarget). */
export interface LinkFilter {
  readonly kinds?: readonly string[];
  readonly from?: string;
  readonly to?: string;
}

/** The `/api/branch` and `get_branch` projection (direct shape, no envelope). */
export type BranchResult = BranchProjection;

/** Whether a persisted scan can be read, and from where. */
export interface ReaderStatus {
  /** `damaged`: the file exists but cannot be read (truncated, overwritten); `problem` says why and what to run. */
  db: 'present' | 'missing' | 'damaged';
  dbPath: string;
  problem?: string;
}

/** Read access to the persisted map. Every method degrades to an empty shape when no database exists. */
export interface MapReader {
  status(): ReaderStatus;
  /** The full persisted ScanResult (`GET /api/scan`, `skillmap://graph`); the empty shape without a DB. */
  loadScanResult(): ScanResult;
  scanMeta(): ScanMeta;
  /**
   * A key that changes whenever what loadScanResult returns may have changed (a persist, a patch, a suppression),
   * for caches of projections; one small read. Optional: a reader without it is never cached.
   */
  scanKey?(): string;
  /** The render cap of the persisted scan (`maxRenderNodes`, 256 when absent); one small read. */
  maxRenderNodes(): number;
  /** One node bundle, or null for an unknown path. */
  findNode(path: string): NodeBundle | null;
  /** The node's view-contribution data the plugins' analyzers stored (`<plugin>/<id>` and data); absent: none. */
  nodeContributions?(path: string): Array<{ readonly id: string; readonly data: unknown }>;
  /** The sorted set of node paths (cheap: one indexed column). */
  nodePaths(): string[];
  /** The node kinds of the map (distinct, sorted): a kind= filter accepts these besides the vocabulary. */
  nodeKinds(): string[];
  /** A page of nodes matching the query (path order), with the filtered total. */
  listNodes(query: ExportQuery, page: Page): PageOf<Node>;
  /**
   * `cap` matching nodes from `offset` (path order) closed over links (raw target) and issues (`query_graph`), with
   * `total` = every match before paging.
   */
  queryGraph(query: ExportQuery, cap: number, offset?: number): ClosedSubgraph & { total: number };
  listLinks(filter: LinkFilter, page: Page): PageOf<Link>;
  /** Issues in id order, filtered and paged in the store; `total` is the pre-pagination count. */
  listIssues(filter: IssueFilter, page: Page): PageOf<Issue>;
  /** Scoped, capped projection; `cap` is already clamped to [1, maxRenderNodes]. */
  branch(scope: MapScope, cap: number): BranchResult;
  /**
   * The node's file body without its leading YAML frontmatter, or null when unreadable (missing file,
   * virtual node, a path escaping the scope root lexically, a file symlink). Throws `path-outside-root` when
   * the file's real folder (symlinks resolved) or a file symlink's target lies outside the project.
   */
  readNodeBody(path: string): Promise<string | null>;
}
