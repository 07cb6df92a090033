import type { Node } from '@skill-map/spec';
import type { JobStore } from '../../adapters/sqlite/jobs/port.js';
import type { StateSession } from '../../adapters/sqlite/state-session.js';
import type { EngineContext } from '../context.js';
import { EngineError } from '../errors.js';
import type { ProbExtension } from '../extensions/types.js';
import type { SubmitInput } from './api.js';
import { liveBodyCap, readLiveBody } from './body-hash.js';
import { contentHash } from './hashes.js';
import { renderJob } from './render.js';
import type { InjectedFinding, InjectedIssue, RenderInput } from './render.js';
import { checkJobText } from './limits.js';
import { checkSubmitNumbers } from './settings.js';

/** A job ready to insert (or to show, for a preview). */
export interface PreparedJob {
  ext: ProbExtension;
  node: Node;
  contentHash: string;
  promptTemplateHash: string;
  content: string;
  /** The finding set the job is scoped to (null = every open finding), stored on the row for supersede. */
  findingIds: number[] | null;
}

/** The refusals a preparation can end in (returned, never thrown). */
export type PrepareRefusal =
  | { outcome: 'drift'; detail: string }
  | { outcome: 'unreadable'; detail: string }
  | { outcome: 'no-findings' };

/** Resolves the extension (live enable state) and refuses what an operator may not submit. */
export function resolveExtension(ctx: EngineContext, input: SubmitInput): ProbExtension {
  // Internal submits (the auto-fix chain, system jobs) name a qualified id and may use a locked extension; the
  // catalog's resolution is the operator's and refuses locked ones itself.
  const internal = input.internal === true ? ctx.extensions.get(input.extension) : undefined;
  const ext = internal ?? ctx.extensions.resolve(input.extension, ctx.config());
  if (ext.locked === true && input.internal !== true)
    throw new EngineError('unsupported-extension', `extension ${ext.id} is a locked system extension`, {
      details: { extension: ext.id },
    });
  if (input.findingIds !== undefined && ext.role !== 'fixer')
    throw new EngineError('invalid-input', `findingIds applies to fixers only; ${ext.id} is a ${ext.role}`, {
      details: { argument: 'findingIds', extension: ext.id },
    });
  return ext;
}

/** The stored node the job is about; unknown → not-found, virtual (no file) → invalid-input. */
export function resolveNode(session: StateSession, path: string): Node {
  const node = session.nodes.get(path);
  if (node === null)
    throw new EngineError('not-found', `unknown node "${path}" (not in the last scan)`, {
      details: { node: path },
    });
  if (node.virtual === true)
    throw new EngineError('invalid-input', `node "${path}" is virtual (it has no file a job could work on)`, {
      details: { argument: 'node', node: path },
    });
  return node;
}

/** What a fixer is given: its finders' open findings and its deterministic analyzers' current issues. */
function fixerInjection(
  ctx: EngineContext,
  session: StateSession,
  store: JobStore,
  ext: ProbExtension,
  node: Node,
  findingIds: number[] | undefined,
): { findings: InjectedFinding[]; issues: InjectedIssue[] } {
  const analyzerIds = ext.analyzerIds ?? [];
  const finders = analyzerIds.filter((id) => ctx.extensions.get(id) !== undefined);
  const deterministic = analyzerIds.filter((id) => ctx.extensions.get(id) === undefined);
  const rows = session.findingsWriteThrough().openFindings(node.path, finders, findingIds);
  const findings = rows.map((f) => ({
    id: f.id,
    extensionId: f.extensionId,
    type: f.type,
    severity: f.severity,
    message: f.message,
    detail: f.detail,
    stale: f.bodyHashAtGeneration !== node.bodyHash,
  }));
  // Issues have no stable ids: a submit narrowed to findingIds is about those findings only.
  const issues = findingIds === undefined ? store.issuesOfNode(node.path, deterministic) : [];
  return { findings, issues };
}

/** The node's current tags (the tagger's `## Current tags`): the scan's tag list, else frontmatter `tags`. */
function currentTags(node: Node): string[] {
  if (Array.isArray(node.tags)) return [...node.tags];
  const fm = node.frontmatter?.['tags'];
  if (Array.isArray(fm)) return fm.filter((t): t is string => typeof t === 'string');
  return typeof fm === 'string' ? [fm] : [];
}

/**
 * Everything of a submit short of writing (spec §5.2 items 1-4, 8, 9): resolves, injects, re-reads the file
 * with the scanner's body rules (drift / unreadable), renders and hashes. Shared by submit and preview.
 */
export function prepareJob(
  ctx: EngineContext,
  session: StateSession,
  store: JobStore,
  input: SubmitInput,
): PreparedJob | PrepareRefusal {
  checkJobText('node', input.node);
  checkJobText('extension', input.extension);
  checkSubmitNumbers(input);
  const ext = resolveExtension(ctx, input);
  const node = resolveNode(session, input.node);
  const render: RenderInput = { extension: ext, nodePath: node.path, body: '' };
  if (ext.role === 'fixer') {
    const { findings, issues } = fixerInjection(ctx, session, store, ext, node, input.findingIds);
    if (findings.length === 0 && issues.length === 0) return { outcome: 'no-findings' };
    render.findings = findings;
    render.issues = issues;
  }
  if (ext.report === 'tags') render.tags = currentTags(node);
  const live = readLiveBody(ctx.scopeRoot, node.path, liveBodyCap(ctx.config()));
  if (!live.ok) return { outcome: 'unreadable', detail: live.cause };
  if (live.bodyHash !== node.bodyHash)
    return {
      outcome: 'drift',
      detail: `${node.path} changed since the last scan (body hash ${live.bodyHash.slice(0, 12)} on disk, ${node.bodyHash.slice(0, 12)} scanned); run \`sm scan\` and submit again`,
    };
  render.body = live.body;
  const rendered = renderJob(render);
  return {
    ext,
    node,
    promptTemplateHash: rendered.promptTemplateHash,
    content: rendered.content,
    contentHash: contentHash({
      extensionId: ext.id,
      extensionVersion: ext.version,
      nodePath: node.path,
      bodyHash: node.bodyHash,
      frontmatterHash: node.frontmatterHash,
      promptTemplateHash: rendered.promptTemplateHash,
    }),
    findingIds: input.findingIds === undefined ? null : (render.findings ?? []).map((f) => f.id),
  };
}

/** True when `p` is a refusal rather than a prepared job. */
export function isRefusal(p: PreparedJob | PrepareRefusal): p is PrepareRefusal {
  return 'outcome' in p;
}
