// Test support only: a scanned project with an engine context, and one curation through a write session.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TempTree } from '../../../adapters/testing/temp-tree.js';
import { CLAUDE_PROJECT, tempProject } from '../../testing/projects.js';
import { runScan } from '../../scan/scan-engine.js';
import type { EngineContext } from '../../context.js';
import { createEngineContext } from '../../operable/create-context.js';
import { createSidecarCurator } from '../curator.js';
import type { Consent } from '../port.js';

/** The node the curator suites annotate, and its sidecar. */
export const NODE = 'docs/guide.md';
export const SIDECAR = 'docs/guide.sm';

type Change = (a: Record<string, unknown>) => Record<string, unknown> | null;
type Curator = ReturnType<typeof createSidecarCurator>;
type WriteSession = NonNullable<ReturnType<EngineContext['openSession']>>;

export interface CuratorProject {
  readonly tree: TempTree;
  readonly ctx: EngineContext;
  /** A project file's text, or null when it does not exist. */
  read(rel: string): string | null;
  /** `fn` with the curator and a write session, closed afterwards (what every engine call does). */
  writing<T>(fn: (curator: Curator, session: WriteSession) => Promise<T>): Promise<T>;
  /** One curation through a write session. */
  curate(consent: Consent, change: Change, node?: string): ReturnType<Curator['updateAnnotations']>;
  remove(): void;
}

/** Writes `files`, scans them and wires a CLI-channel engine context. */
export async function createCuratorProject(
  files: Readonly<Record<string, string>> = CLAUDE_PROJECT,
): Promise<CuratorProject> {
  const tree = tempProject(files);
  await runScan({ projectRoot: tree.root });
  const ctx = createEngineContext({
    scopeRoot: tree.root,
    dbPath: join(tree.root, '.skill-map', 'skill-map.db'),
    channel: 'cli',
  });
  const writing = async <T>(fn: (curator: Curator, session: WriteSession) => Promise<T>): Promise<T> => {
    const session = ctx.openSession('write');
    if (session === null) throw new Error('no db');
    try {
      return await fn(createSidecarCurator(ctx), session);
    } finally {
      session.close();
    }
  };
  return {
    tree,
    ctx,
    read: (rel) => (existsSync(tree.abs(rel)) ? readFileSync(tree.abs(rel), 'utf8') : null),
    writing,
    curate: (consent, change, node = NODE) =>
      writing((curator, session) => curator.updateAnnotations(session, node, consent, change)),
    remove: () => tree.remove(),
  };
}
