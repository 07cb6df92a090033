import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { Annotations } from '@skill-map/spec';
import { toSidecarPath } from '../../adapters/fs/sidecar-path.js';
import {
  dumpSidecar,
  readSidecarFile,
  withPathLock,
  writeSidecarText,
} from '../../adapters/fs/sidecars/index.js';
import type { StateSession } from '../../adapters/sqlite/state-session.js';
import { parseSidecar } from '../../kernel/parse/sidecar.js';
import type { EngineContext } from '../context.js';
import { EngineError } from '../errors.js';
import { decideConsent, persistGrant } from './consent.js';
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

/**
 * The one `.sm` write chokepoint (spec §8). Order of one write: consent decided (refusals before anything is
 * read), node looked up, per-path lock (in-process queue + lock file beside the database), sidecar read (an
 * unparseable file is refused, never clobbered), change applied to a sanitized copy, identity seeded from the
 * scanned node when there was no sidecar, schema + kernel-reader validation of the result, sorted-key YAML,
 * `always` persisted, atomic write, annotations mirror refreshed, lock released.
 */
export function createSidecarCurator(ctx: EngineContext): SidecarCuratorFull {
  const lockDir = join(dirname(ctx.dbPath), 'sidecar-locks');

  function sidecarFile(nodePath: string): { rel: string; abs: string } {
    const rel = toSidecarPath(nodePath);
    const abs = resolve(ctx.scopeRoot, rel);
    const back = relative(ctx.scopeRoot, abs);
    if (back === '' || back.startsWith('..') || isAbsolute(back))
      throw new EngineError('invalid-input', `node path '${nodePath}' resolves outside the project`, {
        details: { node: nodePath },
      });
    return { rel, abs };
  }

  async function write(
    session: StateSession,
    nodePath: string,
    consent: Consent,
    transform: (doc: Doc) => Doc | null,
  ): Promise<CurationResult> {
    const grant = decideConsent(ctx, consent);
    const node = session.nodes.get(nodePath);
    if (node === null)
      throw new EngineError('not-found', `no node at '${nodePath}' (run \`sm scan\` if the file is new)`, {
        details: { node: nodePath },
      });
    if (node.virtual === true)
      throw new EngineError(
        'invalid-input',
        `'${nodePath}' is a virtual node: it has no file and no sidecar`,
        {
          details: { node: nodePath },
        },
      );
    const { rel, abs } = sidecarFile(nodePath);
    return withPathLock(lockDir, abs, () => {
      const state = readSidecarFile(abs);
      if (state.kind === 'invalid') throw invalid(rel, `does not parse (${state.reason})`);
      // A file the scanner already reports as invalid (say `annotations: [..]`) is the user's to fix, not ours to replace.
      const existing = state.kind === 'ok' ? parseSidecar(rel, state.text).errors : [];
      if (existing.length > 0) throw invalid(rel, `is invalid (${existing.join('; ')})`);
      const base = state.kind === 'ok' ? (sanitize(state.doc) as Doc) : {};
      const seed = Object.keys(base).length === 0; // no sidecar (base is {} then) or an empty one
      const changed = transform(sanitize(base) as Doc);
      const mirror = (doc: Doc): void => {
        session.transaction(() => session.nodes.refreshAnnotations(nodePath, annotationsOf(doc)));
      };
      if (changed === null) {
        persistGrant(ctx, grant);
        mirror(base);
        return { annotations: annotationsOf(base) ?? {}, changed: false };
      }
      const next = sanitize(changed) as Doc;
      if (seed && next['identity'] === undefined)
        next['identity'] = {
          path: node.path,
          bodyHash: node.bodyHash,
          frontmatterHash: node.frontmatterHash,
        };
      const text = dumpSidecar(next);
      const errors = [...sidecarSchemaErrors(next), ...parseSidecar(rel, text).errors];
      if (errors.length > 0)
        throw invalid(rel, `would not validate after this change (${errors.join('; ')})`);
      persistGrant(ctx, grant);
      const differs = state.kind !== 'ok' || state.text !== text;
      if (differs) writeSidecarText(abs, text);
      mirror(next);
      return { annotations: annotationsOf(next) ?? {}, changed: differs };
    });
  }

  return {
    updateAnnotations(session, nodePath, consent, change) {
      return write(session, nodePath, consent, (doc) => {
        const current = annotationsOf(doc) ?? {};
        const updated = change(sanitize(current) as Annotations);
        if (updated === null) return null;
        const out: Doc = { ...doc };
        if (Object.keys(updated).length === 0) delete out['annotations'];
        else out['annotations'] = updated;
        return out;
      });
    },
    applyPatch(session, nodePath, consent, patch) {
      return write(session, nodePath, consent, (doc) => deepMerge(doc, patch));
    },
    readAnnotations(nodePath) {
      const state = readSidecarFile(sidecarFile(nodePath).abs);
      return state.kind === 'ok' ? (sanitize(annotationsOf(state.doc)) as Annotations | null) : null;
    },
    assertConsent(consent) {
      decideConsent(ctx, consent);
    },
  };
}
