import type { Database as Db } from 'better-sqlite3';
import { cached } from '../../sqlite/statements.js';
import type { Issue, ScanResult } from '../../domain.js';
import { schemaFingerprint } from '../../sqlite/migrations/index.js';

/** Scan metadata the kernel's ScanResult does not carry but the store keeps. */
export interface ScanMetaExtras {
  /** Candidate files left out by the scan ceiling (the loud half of `scanTruncated`). */
  readonly filesNotScanned?: number;
}

/** The `scan_meta` singleton as read back. */
export interface ScanMeta {
  readonly result: Omit<ScanResult, 'nodes' | 'links' | 'issues'>;
  readonly filesNotScanned: number;
  readonly schemaFingerprint: string | null;
  readonly generation: number;
}

const KNOWN_KEYS = new Set([
  'schemaVersion',
  'scannedAt',
  'roots',
  'nodes',
  'links',
  'issues',
  'stats',
  'scannedBy',
  'providers',
  'tokenizer',
  'activeProvider',
  'scanCeiling',
  'scanTruncated',
  'maxRenderNodes',
  'oversizedFiles',
]);

const json = (v: unknown): string | null => (v === undefined || v === null ? null : JSON.stringify(v));

/** Upserts the `scan_meta` singleton, stamping this build's schema fingerprint and the persist generation. */
export function writeScanMeta(
  db: Db,
  result: ScanResult,
  generation: number,
  extras: ScanMetaExtras = {},
): void {
  const extra = Object.fromEntries(Object.entries(result).filter(([k]) => !KNOWN_KEYS.has(k)));
  const row = {
    roots_json: JSON.stringify(result.roots),
    scanned_at: result.scannedAt,
    scanned_by_name: result.scannedBy?.name ?? null,
    scanned_by_version: result.scannedBy?.version ?? null,
    scanned_by_spec_version: result.scannedBy?.specVersion ?? null,
    providers_json: json(result.providers),
    stats_json: JSON.stringify(result.stats),
    scan_ceiling: result.scanCeiling ?? null,
    scan_truncated: result.scanTruncated ? 1 : 0,
    files_not_scanned: extras.filesNotScanned ?? 0,
    persist_generation: generation,
    max_render_nodes: result.maxRenderNodes ?? null,
    files_oversized: result.stats.filesOversized ?? result.oversizedFiles?.length ?? 0,
    oversized_files_json: json(result.oversizedFiles),
    tokenizer: result.tokenizer ?? null,
    active_provider: result.activeProvider ?? null,
    extra_json: Object.keys(extra).length > 0 ? JSON.stringify(extra) : null,
    schema_fingerprint: schemaFingerprint(1),
  };
  const cols = Object.keys(row);
  cached(
    db,
    `INSERT INTO scan_meta (id, ${cols.join(', ')}) VALUES (1, ${cols.map((c) => `@${c}`).join(', ')})
     ON CONFLICT (id) DO UPDATE SET ${cols.map((c) => `${c} = excluded.${c}`).join(', ')}`,
  ).run(row);
}

interface MetaRow {
  roots_json: string;
  scanned_at: number;
  scanned_by_name: string | null;
  scanned_by_version: string | null;
  scanned_by_spec_version: string | null;
  providers_json: string | null;
  stats_json: string;
  scan_ceiling: number | null;
  scan_truncated: number;
  files_not_scanned: number;
  persist_generation: number;
  max_render_nodes: number | null;
  oversized_files_json: string | null;
  tokenizer: string | null;
  active_provider: string | null;
  extra_json: string | null;
  schema_fingerprint: string | null;
}

/** Reads the `scan_meta` singleton, or null when no scan was ever persisted. */
export function readScanMeta(db: Db): ScanMeta | null {
  const r = cached(db, `SELECT * FROM scan_meta WHERE id = 1`).get() as MetaRow | undefined;
  if (!r) return null;
  const result: ScanMeta['result'] = {
    ...(r.extra_json ? (JSON.parse(r.extra_json) as object) : {}),
    schemaVersion: 1,
    scannedAt: r.scanned_at,
    roots: JSON.parse(r.roots_json) as string[],
    stats: JSON.parse(r.stats_json) as ScanResult['stats'],
  };
  if (r.scanned_by_name !== null) {
    result.scannedBy = {
      name: r.scanned_by_name,
      version: r.scanned_by_version ?? '',
      specVersion: r.scanned_by_spec_version ?? '',
    };
  }
  if (r.providers_json !== null) result.providers = JSON.parse(r.providers_json) as string[];
  if (r.tokenizer !== null) result.tokenizer = r.tokenizer as NonNullable<ScanResult['tokenizer']>;
  if (r.active_provider !== null) result.activeProvider = r.active_provider;
  if (r.scan_ceiling !== null) result.scanCeiling = r.scan_ceiling;
  if (r.scan_truncated === 1) result.scanTruncated = true;
  if (r.max_render_nodes !== null) result.maxRenderNodes = r.max_render_nodes;
  if (r.oversized_files_json !== null)
    result.oversizedFiles = JSON.parse(r.oversized_files_json) as ScanResult['oversizedFiles'];
  return {
    result,
    filesNotScanned: r.files_not_scanned,
    schemaFingerprint: r.schema_fingerprint,
    generation: r.persist_generation,
  };
}

/**
 * `orphan` issues for node paths that state rows still reference but no scanned node has (history of a
 * deleted file). Nodeless synthetic targets (`sm://...`) are not orphans.
 */
export function findOrphans(db: Db): Issue[] {
  const rows = cached(
    db,
    `SELECT node_id AS p FROM state_jobs UNION SELECT node_id FROM state_findings UNION SELECT node_id FROM state_summaries
       UNION SELECT node_id FROM state_enrichments UNION SELECT node_id FROM state_plugin_kvs WHERE node_id <> ''
       UNION SELECT node_path FROM state_node_favorites`,
    'pluck',
  ).all() as string[];
  const missing = cached(db, `SELECT 1 FROM scan_nodes WHERE path = ?`, 'pluck');
  return rows
    .filter((p) => !p.startsWith('sm://') && missing.get(p) === undefined)
    .sort()
    .map((p) => ({
      analyzerId: 'orphan',
      severity: 'info' as const,
      nodeIds: [p],
      message: `${p} no longer exists but skill-map still holds state for it (jobs, findings, summaries or favorites)`,
      data: { path: p },
    }));
}
