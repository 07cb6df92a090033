import { MAX_PAGE_SIZE } from '../adapters/index.js';
import type { IssueQuery, NodeQuery, ScanStore } from '../adapters/index.js';
import type { Issue, Link, Node } from '@skill-map/spec';
import { formatExportQuery, isEmptyExportQuery, parseExportQuery } from '../kernel/index.js';
import type { ExportQuery } from '../kernel/index.js';
import { CliError } from './errors.js';
import { withReadStore } from './read-store.js';
import type { VerbContext } from './verbs.js';

const GRAMMAR_HINT =
  'the grammar is whitespace-separated key=value tokens with keys kind, has, path, e.g. "kind=skill path=**/pdf/**"';

/**
 * Parses an export-grammar query; a grammar error is `INVALID_QUERY` (exit 2) naming the bad token, an unknown kind
 * one naming the kind and the nearest known one.
 */
export function parseQueryArg(
  text: string | undefined,
  kinds: () => readonly string[] = () => [],
): { query: ExportQuery; text: string } {
  let parsed = parseExportQuery(text ?? '');
  // A kind outside the vocabulary is taken when the stored scan has nodes of it (a plugin's own kind).
  if (!parsed.ok && parsed.error.code === 'unknown-kind') parsed = parseExportQuery(text ?? '', kinds());
  if (!parsed.ok && parsed.error.code === 'unknown-kind') {
    throw new CliError('INVALID_QUERY', parsed.error.message, {
      data: { code: parsed.error.code, token: parsed.error.token },
    });
  }
  if (!parsed.ok) {
    throw new CliError('INVALID_QUERY', `invalid query at '${parsed.error.token}': ${parsed.error.message}`, {
      hint: GRAMMAR_HINT,
      data: { code: parsed.error.code, token: parsed.error.token },
    });
  }
  return { query: parsed.value, text: formatExportQuery(parsed.value) };
}

/** The SQL-side filter of an export query. */
export function toNodeQuery(query: ExportQuery): NodeQuery {
  return {
    ...(query.kinds === null ? {} : { kind: query.kinds }),
    ...(query.hasIssues ? { hasIssues: true } : {}),
    ...(query.paths === null ? {} : { pathGlobs: query.paths }),
  };
}

/** Every node matching a query (paged through the store's 1,000-row pages), ordered by path; `limit` caps it. */
export function readNodes(
  store: ScanStore,
  query: NodeQuery,
  limit = Infinity,
): { items: Node[]; total: number } {
  const items: Node[] = [];
  let total = 0;
  for (let offset = 0; items.length < limit; offset += MAX_PAGE_SIZE) {
    const page = store.listNodes({ ...query, limit: Math.min(MAX_PAGE_SIZE, limit - items.length), offset });
    total = page.total;
    items.push(...page.items);
    if (page.items.length === 0 || offset + page.items.length >= page.total) break;
  }
  return { items, total };
}

/** Every issue matching a query (paged), ordered by id. */
export function readIssues(store: ScanStore, query: IssueQuery): Issue[] {
  const items: Issue[] = [];
  for (let offset = 0; ; offset += MAX_PAGE_SIZE) {
    const page = store.listIssues({ ...query, limit: MAX_PAGE_SIZE, offset });
    items.push(...page.items);
    if (page.items.length === 0 || offset + page.items.length >= page.total) return items;
  }
}

/**
 * Reads the closed subgraph of a query from the store: matching nodes, links between them (raw target), their issues.
 * No query at all is the whole graph, every link kind included (`invokes` links target a trigger such as `/cmd`, which
 * the raw-target closure would drop).
 */
export function readSubgraph(
  store: ScanStore,
  query: ExportQuery,
): { nodes: Node[]; links: Link[]; issues: Issue[] } {
  if (isEmptyExportQuery(query)) {
    const { nodes, links, issues } = store.loadScan();
    return { nodes, links, issues };
  }
  const { items: nodes } = readNodes(store, toNodeQuery(query));
  const closed = store.closeOver(
    nodes.map((n) => n.path),
    'raw',
  );
  return { nodes, links: closed.links, issues: closed.issues };
}

/** The node kinds of the stored scan, for `parseQueryArg` (none when there is no readable database). */
export function storedKinds(ctx: VerbContext): () => string[] {
  return () => {
    try {
      return withReadStore(ctx, (store) => store.nodeKinds());
    } catch {
      return [];
    }
  };
}
