import { existsSync, rmSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { Annotations } from '@skill-map/spec';
import { toSidecarPath } from '../../adapters/fs/sidecar-path.js';
import {
  confineSidecar,
  dumpSidecar,
  readSidecarFile,
  withPathLock,
  writeSidecarText,
} from '../../adapters/fs/sidecars/index.js';
import type { ConfinedSidecar, SidecarFileState } from '../../adapters/fs/sidecars/index.js';
import type { StateSession } from '../../adapters/sqlite/state-session.js';
import { parseSidecar } from '../../kernel/parse/sidecar.js';
import type { EngineContext } from '../context.js';
import { EngineError } from '../errors.js';
import { assertWritersAllowed, decideConsent, persistGrant } from './consent.js';
import { deepMerge, sanitize } from './deep-merge.js';
import type { Consent, CurationResult, SidecarCurator } from './port.js';
import { sidecarSchemaErrors } from './validate.js';

type Doc = Record<string, unknown>;

/** The curator with the whole-document patch entry point of spec §8 (`applyPatch`) beside the port's members. */
export interface SidecarCuratorFull extends SidecarCurator {
  /**
   * Deep-merges `patch` into the node's whole sidecar document (objects recurse, arrays replace, null deletes,
   * prototype keys dropped), through the same gate, lock, validation and mirror refresh as `updateAnnotations`.
   */
  applyPatch(
    session: StateSession,
    nodePath: string,
    consent: Consent,
    patch: Readonly<Record<string, unknown>>,
  ): Promise<CurationResult>;
  /**
   * Applies `transform` to the node's whole sidecar document inside the per-path lock (read-modify-write: two
   * concurrent transforms never lose one another's update); null means "no change". Same gate and checks.
   */
  updateDocument(
    session: StateSession,
    nodePath: string,
    consent: Consent,
    transform: (doc: Record<string, unknown>) => Record<string, unknown> | null,
  ): Promise<DocumentResult>;
  /** What `updateDocument` would write, computed and validated without consent, lock or any write (dry runs). */
  previewDocument(
    session: StateSession,
    nodePath: string,
    transform: (doc: Record<string, unknown>) => Record<string, unknown> | null,
  ): DocumentResult;
  /**
   * Deletes an orphan sidecar (`sm sidecars prune`), confined to the project and under the same per-path lock; false
   * when it was gone already. Only the team policy gates it (a delete is not a write the consent gate asks about).
   */
  removeOrphan(sidecarRel: string): Promise<boolean>;
}

/** A whole-document write (or its preview): the document before and after, and whether the file changes. */
export interface DocumentResult extends CurationResult {
  readonly before: Record<string, unknown>;
  readonly after: Record<string, unknown>;
}

function isRecord(value: unknown): value is Doc {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function annotationsOf(doc: Doc): Annotations | null {
  const a = doc['annotations'];
  return isRecord(a) ? a : null;
}

function invalid(sidecar: string, reason: string): EngineError {
  return new EngineError(
    'sidecar-invalid',
    `Sidecar '${sidecar}' ${reason}; nothing was written (fix or remove the file, then retry).`,
    { details: { sidecar, reason } },
  );
}

type ScannedNode = NonNullable<ReturnType<StateSession['nodes']['get']>>;

/** The scanned, non-virtual node a curation writes the sidecar of. */
function scannedNode(session: StateSession, nodePath: string): ScannedNode {
  const node = session.nodes.get(nodePath);
  if (node === null)
    throw new EngineError('not-found', `no node at '${nodePath}' (run \`sm scan\` if the file is new)`, {
      details: { node: nodePath },
    });
  if (node.virtual === true)
    throw new EngineError('invalid-input', `'${nodePath}' is a virtual node: it has no file and no sidecar`, {
      details: { node: nodePath },
    });
  return node;
}

/**
 * The document to write after a change: sanitized, its identity seeded from the scanned node when the sidecar
 * was empty or absent, validated by the schema and the kernel's reader (else refused), as sorted-key YAML.
 */
function nextDocument(rel: string, node: ScannedNode, base: Doc, changed: Doc): { next: Doc; text: string } {
  const next = sanitize(changed) as Doc;
  if (Object.keys(base).length === 0 && next['identity'] === undefined)
    next['identity'] = { path: node.path, bodyHash: node.bodyHash, frontmatterHash: node.frontmatterHash };
  const text = dumpSidecar(next);
  const errors = [...sidecarSchemaErrors(next), ...parseSidecar(rel, text).errors];
  if (errors.length > 0) throw invalid(rel, `would not validate after this change (${errors.join('; ')})`);
  return { next, text };
}

const curation = (r: DocumentResult): CurationResult => ({ annotations: r.annotations, changed: r.changed });

/**
 * The one `.sm` write chokepoint (spec §8). Order of one write: consent decided (refusals before anything is
 * read), node looked up, sidecar confined to the project (real paths: a folder or `.sm` symlinked out of it is
 * refused), per-path lock (in-process queue + lock file beside the database), sidecar read (bounded, regular
 * files only; an unreadable or unparseable file is refused, never clobbered), change applied to a sanitized
 * copy, identity seeded from the scanned node when there was no sidecar, schema + kernel-reader validation of
 * the result, sorted-key YAML, `always` persisted, confined again and written atomically, annotations mirror
 * refreshed, lock released.
 */
export function createSidecarCurator(ctx: EngineContext): SidecarCuratorFull {
  const lockDir = join(dirname(ctx.dbPath), 'sidecar-locks');

  function sidecarRel(nodePath: string): string {
    const rel = toSidecarPath(nodePath);
    const back = relative(ctx.scopeRoot, resolve(ctx.scopeRoot, rel));
    if (back === '' || back.startsWith('..') || isAbsolute(back))
      throw new EngineError('invalid-input', `node path '${nodePath}' resolves outside the project`, {
        details: { node: nodePath },
      });
    return rel;
  }

  /** The sidecar's real path as the files are now; a path leading out of the project is refused by name. */
  function confined(rel: string): ConfinedSidecar {
    const c = confineSidecar(ctx.scopeRoot, rel);
    if (c.ok) return c;
    if (c.reason === 'outside-root')
      throw new EngineError('path-outside-root', `${c.message}; nothing was written`, {
        details: { sidecar: rel },
      });
    throw invalid(rel, `cannot be written: ${c.message}`);
  }

  /** The sidecar's parsed state; one that cannot be read or parsed is refused (never overwritten). */
  function readState(c: ConfinedSidecar): SidecarFileState & { kind: 'absent' | 'ok' } {
    const state = readSidecarFile(c.real);
    if (state.kind === 'unreadable') throw invalid(c.rel, `cannot be read: ${state.reason}`);
    if (state.kind === 'invalid') throw invalid(c.rel, `does not parse (${state.reason})`);
    // A file the scanner already reports as invalid (`annotations: [..]`) is the user's to fix, not ours to replace.
    const existing = state.kind === 'ok' ? parseSidecar(c.rel, state.text).errors : [];
    if (existing.length > 0) throw invalid(c.rel, `is invalid (${existing.join('; ')})`);
    return state;
  }

  /** Writes under the lock, re-confined right before (a folder swapped for a link while waiting is caught). */
  function writeConfined(c: ConfinedSidecar, text: string): void {
    const now = confined(c.rel);
    if (now.real !== c.real)
      throw new EngineError('path-outside-root', `the sidecar ${c.rel} moved while it was written; retry`, {
        details: { sidecar: c.rel },
      });
    writeSidecarText(now.real, text);
  }

  async function write(
    session: StateSession,
    nodePath: string,
    consent: Consent,
    transform: (doc: Doc) => Doc | null,
  ): Promise<DocumentResult> {
    const grant = decideConsent(ctx, consent);
    const node = scannedNode(session, nodePath);
    const rel = sidecarRel(nodePath);
    return withPathLock(lockDir, confined(rel).real, () => {
      const c = confined(rel);
      const state = readState(c);
      const base = state.kind === 'ok' ? (sanitize(state.doc) as Doc) : {};
      const changed = transform(sanitize(base) as Doc);
      const mirror = (doc: Doc): void => {
        session.transaction(() => session.nodes.refreshAnnotations(nodePath, annotationsOf(doc)));
      };
      if (changed === null) {
        persistGrant(ctx, grant);
        mirror(base);
        return { annotations: annotationsOf(base) ?? {}, changed: false, before: base, after: base };
      }
      const { next, text } = nextDocument(rel, node, base, changed);
      persistGrant(ctx, grant);
      const differs = state.kind !== 'ok' || state.text !== text;
      if (differs) writeConfined(c, text);
      mirror(next);
      return { annotations: annotationsOf(next) ?? {}, changed: differs, before: base, after: next };
    });
  }

  function preview(
    session: StateSession,
    nodePath: string,
    transform: (doc: Doc) => Doc | null,
  ): DocumentResult {
    const node = scannedNode(session, nodePath);
    const rel = sidecarRel(nodePath);
    const state = readState(confined(rel));
    const base = state.kind === 'ok' ? (sanitize(state.doc) as Doc) : {};
    const changed = transform(sanitize(base) as Doc);
    if (changed === null)
      return { annotations: annotationsOf(base) ?? {}, changed: false, before: base, after: base };
    const { next, text } = nextDocument(rel, node, base, changed);
    const differs = state.kind !== 'ok' || state.text !== text;
    return { annotations: annotationsOf(next) ?? {}, changed: differs, before: base, after: next };
  }

  return {
    async updateAnnotations(session, nodePath, consent, change) {
      return curation(
        await write(session, nodePath, consent, (doc) => {
          const current = annotationsOf(doc) ?? {};
          const updated = change(sanitize(current) as Annotations);
          if (updated === null) return null;
          const out: Doc = { ...doc };
          if (Object.keys(updated).length === 0) delete out['annotations'];
          else out['annotations'] = updated;
          return out;
        }),
      );
    },
    async applyPatch(session, nodePath, consent, patch) {
      return curation(await write(session, nodePath, consent, (doc) => deepMerge(doc, patch)));
    },
    updateDocument: write,
    previewDocument: preview,
    removeOrphan(rel) {
      assertWritersAllowed(ctx);
      return withPathLock(lockDir, confined(rel).real, () => {
        const c = confined(rel);
        if (!existsSync(c.real)) return false;
        rmSync(c.real);
        return true;
      });
    },
    readAnnotations(nodePath) {
      const c = confineSidecar(ctx.scopeRoot, sidecarRel(nodePath));
      const state = c.ok ? readSidecarFile(c.real) : null;
      return state?.kind === 'ok' ? (sanitize(annotationsOf(state.doc)) as Annotations | null) : null;
    },
    assertConsent(consent) {
      decideConsent(ctx, consent);
    },
  };
}
