import type { Issue } from './issue.js';
import type { Link } from './link.js';
import type { Node } from './node.js';

/** Scan counters: the schema's, plus our own run facts while a scan is stored (see `toSpecScanResult`). */
export interface ScanStats {
  filesWalked: number;
  filesSkipped: number;
  filesOversized?: number;
  nodesCount: number;
  linksCount: number;
  issuesCount: number;
  durationMs: number;
  [counter: string]: number | undefined;
}

/** A file the walker refused because it is above `scan.maxFileSizeBytes`. */
export interface OversizedFile {
  path: string;
  bytes: number;
}

/** Who produced a scan. */
export interface ScannedBy {
  name: string;
  version: string;
  specVersion: string;
}

/** Tokenizers the spec knows. */
export type Tokenizer = 'cl100k_base' | 'o200k_base';

/** The whole graph of one scan; mirrors `scan-result.schema.json`. */
export interface ScanResult {
  schemaVersion: 1;
  scannedAt: number;
  roots: string[];
  nodes: Node[];
  links: Link[];
  issues: Issue[];
  stats: ScanStats;
  scannedBy?: ScannedBy;
  providers?: string[];
  tokenizer?: Tokenizer;
  activeProvider?: string | null;
  scanCeiling?: number;
  scanTruncated?: boolean;
  maxRenderNodes?: number;
  oversizedFiles?: OversizedFile[];
}

/** Default scan ceiling (`scan.maxScan`). */
export const DEFAULT_SCAN_CEILING = 5000;

/** Default render cap (`scan.maxNodes` / `maxRenderNodes`). */
export const DEFAULT_MAX_RENDER_NODES = 256;

/** The empty ScanResult served when no DB exists. */
export function emptyScanResult(): ScanResult {
  return {
    schemaVersion: 1,
    scannedAt: 0,
    roots: ['.'],
    nodes: [],
    links: [],
    issues: [],
    stats: {
      filesWalked: 0,
      filesSkipped: 0,
      filesOversized: 0,
      nodesCount: 0,
      linksCount: 0,
      issuesCount: 0,
      durationMs: 0,
    },
    scanCeiling: DEFAULT_SCAN_CEILING,
    scanTruncated: false,
    maxRenderNodes: DEFAULT_MAX_RENDER_NODES,
  };
}

/** The counters `scan-result.schema.json` allows in `stats`, in the reference's order. */
export const SPEC_STATS_KEYS = [
  'filesWalked',
  'filesSkipped',
  'filesOversized',
  'nodesCount',
  'linksCount',
  'issuesCount',
  'durationMs',
] as const;

/**
 * A ScanResult as the spec publishes it: `stats` holds only the schema's counters (`durationMs` in whole
 * milliseconds), and extension ids are bare as the reference prints them (node `provider`, link `sources`,
 * occurrence `extractor`); our own views keep them qualified. Our own run facts (files analysed, issues suppressed, files not scanned) stay in the stored
 * scan, `sm scan --run-facts` and the `scan-meta` view.
 */
export function toSpecScanResult(result: ScanResult): ScanResult {
  const stats = {} as ScanStats;
  for (const key of SPEC_STATS_KEYS) {
    const value = result.stats[key];
    if (value !== undefined) stats[key] = key === 'durationMs' ? Math.round(value) : value;
  }
  return {
    ...result,
    nodes: result.nodes.map((n) => (n.provider.includes('/') ? { ...n, provider: bareId(n.provider) } : n)),
    links: result.links.map(bareLinkIds),
    stats,
  };
}

/** An extension id as the reference prints it: without its plugin (`core/backtick-path` → `backtick-path`). */
export function bareId(id: string): string {
  const slash = id.indexOf('/');
  return slash === -1 ? id : id.slice(slash + 1);
}

function bareLinkIds(link: Link): Link {
  const out: Link = { ...link, sources: link.sources.map(bareId) };
  if (link.occurrences !== undefined)
    out.occurrences = link.occurrences.map((o) => ({ ...o, extractor: bareId(o.extractor) }));
  return out;
}
