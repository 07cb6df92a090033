// `sm sidecars annotate|refresh|prune`: scaffold a node's `.sm`, bring its identity hashes up to the node's, delete
// sidecars whose node file is gone. Every write goes through the curator (the one `.sm` chokepoint: consent gate,
// confinement, per-path lock, validation, atomic write, mirror refresh); a dry run reads and changes nothing.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Node } from '@skill-map/spec';
import { loadConfig } from '../../adapters/config/layered-config.js';
import { fromSidecarPath, isSidecarPath, toSidecarPath } from '../../adapters/fs/sidecar-path.js';
import { confineSidecar, readSidecarFile } from '../../adapters/fs/sidecars/index.js';
import { walkProject } from '../../adapters/fs/walk.js';
import type { EngineContext } from '../context.js';
import { dbMissing, EngineError } from '../errors.js';
import { scanConfigFrom } from '../scan/scan-settings.js';
import { createSidecarCurator } from './curator.js';
import { assertNodeUnchanged } from './node-drift.js';
import type { Consent } from './port.js';

type Doc = Record<string, unknown>;

/** What annotate and refresh did (or, on a dry run, would do) to one node's sidecar. */
export interface SidecarWrite {
  node: string;
  sidecar: string;
  outcome: 'created' | 'overwritten' | 'refreshed' | 'fresh';
  dryRun: boolean;
  /** Whether the file changed (always false on a dry run). */
  written: boolean;
}

/** One orphan sidecar prune found. */
export interface PruneItem {
  sidecar: string;
  /** The node file it belongs to, which does not exist. */
  expected: string;
  outcome: 'deleted' | 'would-delete' | 'gone' | 'error';
  error?: string;
}

export interface PruneReport {
  dryRun: boolean;
  deleted: number;
  wouldDelete: number;
  errors: { sidecar: string; message: string }[];
  items: PruneItem[];
}

/** The scanned, non-virtual node (read session), or `not-found` / `invalid-input`. */
function scannedNode(ctx: EngineContext, nodePath: string): Node {
  const session = ctx.openSession('read');
  const node = session?.nodes.get(nodePath) ?? null;
  session?.close();
  if (node === null)
    throw new EngineError('not-found', `no node at '${nodePath}' in the last scan (run \`sm scan\` first)`, {
      details: { node: nodePath },
    });
  if (node.virtual === true)
    throw new EngineError('invalid-input', `'${nodePath}' is a virtual node: it has no file and no sidecar`, {
      details: { node: nodePath },
    });
  return node;
}

/** The sidecar's parsed document, or null when there is none (unreadable and invalid files are the curator's). */
function currentDoc(ctx: EngineContext, rel: string): Doc | null {
  const c = confineSidecar(ctx.scopeRoot, rel);
  if (!c.ok) return null;
  const state = readSidecarFile(c.real);
  return state.kind === 'ok' ? state.doc : state.kind === 'absent' ? null : {};
}

const identityOf = (node: Node): Doc => ({
  path: node.path,
  bodyHash: node.bodyHash,
  frontmatterHash: node.frontmatterHash,
});

/** Runs `fn` over a write session (a missing database is `db-missing`), closed after. */
async function withWrite<T>(
  ctx: EngineContext,
  fn: (session: NonNullable<ReturnType<EngineContext['openSession']>>) => Promise<T>,
): Promise<T> {
  const session = ctx.openSession('write');
  if (session === null) throw dbMissing(ctx.dbPath);
  try {
    return await fn(session);
  } finally {
    session.close();
  }
}

/**
 * Writes a minimal sidecar for `node`: its identity (path and hashes of the last scan) and an empty `annotations`
 * block, ready to edit. An existing sidecar is refused (`invalid-input`) unless `force`, which replaces it; a node
 * whose file changed since the last scan is refused (`node-drifted`), dry run included.
 */
export async function annotateSidecar(
  ctx: EngineContext,
  input: { node: string; force?: boolean; dryRun?: boolean },
  consent: Consent,
): Promise<SidecarWrite> {
  const node = scannedNode(ctx, input.node);
  assertNodeUnchanged(ctx, node.path, node.bodyHash);
  const sidecar = toSidecarPath(node.path);
  const exists = currentDoc(ctx, sidecar) !== null;
  if (exists && input.force !== true)
    throw new EngineError('invalid-input', `${sidecar} already exists; pass --force to overwrite it`, {
      details: { sidecar },
    });
  const outcome = exists ? 'overwritten' : 'created';
  const base = { node: node.path, sidecar, outcome } as const;
  if (input.dryRun === true) return { ...base, dryRun: true, written: false };
  const result = await withWrite(ctx, (session) =>
    createSidecarCurator(ctx).updateDocument(session, node.path, consent, () => ({
      identity: identityOf(node),
      annotations: {},
    })),
  );
  return { ...base, dryRun: false, written: result.changed };
}

/**
 * Sets the sidecar's identity hashes to the node's (as of the last scan) without touching anything else: an edit
 * that needs no new version. `not-found` when the node or its sidecar is missing; `fresh` when nothing differs; `node-drifted` when the file
 * changed since the last scan (its hashes would name a version that is gone).
 */
export async function refreshSidecar(
  ctx: EngineContext,
  input: { node: string; dryRun?: boolean },
  consent: Consent,
): Promise<SidecarWrite> {
  const node = scannedNode(ctx, input.node);
  const sidecar = toSidecarPath(node.path);
  const doc = currentDoc(ctx, sidecar);
  if (doc === null)
    throw new EngineError(
      'not-found',
      `'${node.path}' has no sidecar (\`sm sidecars annotate\` writes one)`,
      {
        details: { node: node.path, sidecar },
      },
    );
  assertNodeUnchanged(ctx, node.path, node.bodyHash);
  const had = (doc['identity'] ?? {}) as Doc;
  const next = { ...had, ...identityOf(node) };
  const fresh = ['path', 'bodyHash', 'frontmatterHash'].every((k) => had[k] === next[k]);
  const base = { node: node.path, sidecar, outcome: fresh ? 'fresh' : 'refreshed' } as const;
  if (fresh || input.dryRun === true) return { ...base, dryRun: input.dryRun === true, written: false };
  const result = await withWrite(ctx, (session) =>
    createSidecarCurator(ctx).updateDocument(session, node.path, consent, (current) => ({
      ...current,
      identity: { ...((current['identity'] ?? {}) as Doc), ...identityOf(node) },
    })),
  );
  return { ...base, dryRun: false, written: result.changed };
}

/** Every `.sm` the scan would read whose node file is gone from disk, sorted. */
export function orphanSidecars(ctx: EngineContext): Array<{ sidecar: string; expected: string }> {
  const view = scanConfigFrom(loadConfig({ projectRoot: ctx.scopeRoot }));
  const walk = walkProject({
    root: ctx.scopeRoot,
    isCandidate: isSidecarPath,
    respectGitignore: view.respectGitignore,
    ignorePatterns: view.ignorePatterns,
    followExternalSymlinks: view.followExternalSymlinks,
  });
  const out: Array<{ sidecar: string; expected: string }> = [];
  for (const f of walk.files) {
    const candidates = fromSidecarPath(f.path);
    if (candidates.length === 0 || candidates.some((p) => existsSync(join(ctx.scopeRoot, p)))) continue;
    out.push({ sidecar: f.path, expected: candidates[0]! });
  }
  return out;
}

/**
 * Deletes the orphan sidecars (`dryRun`: lists them, deletes nothing). Each delete is confined and locked by the
 * curator; one that fails is reported in `errors` and the others go on.
 */
export async function pruneSidecars(ctx: EngineContext, input: { dryRun?: boolean }): Promise<PruneReport> {
  const dryRun = input.dryRun === true;
  const report: PruneReport = { dryRun, deleted: 0, wouldDelete: 0, errors: [], items: [] };
  const orphans = orphanSidecars(ctx);
  if (dryRun) {
    report.items = orphans.map((o) => ({ ...o, outcome: 'would-delete' }));
    report.wouldDelete = orphans.length;
    return report;
  }
  const curator = createSidecarCurator(ctx);
  for (const o of orphans) {
    try {
      const removed = await curator.removeOrphan(o.sidecar);
      report.items.push({ ...o, outcome: removed ? 'deleted' : 'gone' });
      if (removed) report.deleted += 1;
    } catch (err) {
      if (err instanceof EngineError && err.code === 'sidecar-writers-forbidden') throw err;
      const message = (err as Error).message;
      report.items.push({ ...o, outcome: 'error', error: message });
      report.errors.push({ sidecar: o.sidecar, message });
    }
  }
  return report;
}
