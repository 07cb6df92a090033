// Runs one deterministic action on one node: input checked, consent decided (not for a dry run), then the action's
// patch computed INSIDE the sidecar's per-path lock from the document as it is at that moment and written through
// the one chokepoint (engines/sidecars). A dry run computes and validates the same patch and writes nothing.
import { userInfo } from 'node:os';
import type { Annotations } from '@skill-map/spec';
import type { ActionOutcome, DeterministicAction } from '../../kernel/index.js';
import type { EngineContext } from '../context.js';
import { EngineError } from '../errors.js';
import { createSidecarCurator } from '../sidecars/curator.js';
import { deepMerge } from '../sidecars/deep-merge.js';
import { assertNodeUnchanged } from '../sidecars/node-drift.js';
import type { Consent } from '../sidecars/port.js';
import { validateInput } from './params.js';
import { tellEngineHooks } from '../hooks/engine-hooks.js';

/** One run of an action. */
export interface ActionRequest {
  /** The node's project-relative path. */
  readonly node: string;
  readonly input?: unknown;
  readonly dryRun?: boolean;
}

/** What a run did (or, dry, would do): the `action.applied` value plus the write facts. */
export interface ActionRun {
  actionId: string;
  nodePath: string;
  dryRun: boolean;
  /** False when the sidecar already said this (nothing written). */
  changed: boolean;
  /** The action's own report. */
  report: Record<string, unknown>;
  /** The node's annotations after the run (dry: as they would be). */
  annotations: Annotations;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The top-level sidecar keys an action may patch: the catalog blocks, and a plugin's own namespace. */
function allowedKeys(action: DeterministicAction): ReadonlySet<string> {
  const plugin = action.id.slice(0, action.id.indexOf('/'));
  return plugin === 'core' ? new Set(['annotations', 'identity', 'audit']) : new Set(['annotations', plugin]);
}

function failed(action: DeterministicAction, problem: string): EngineError {
  return new EngineError('action-failed', `action ${action.id} ${problem}; nothing was written`, {
    details: { action: action.id, error: problem },
  });
}

/** The action's outcome, checked: a throw or a malformed answer is the action's failure, never a write. */
function outcomeOf(action: DeterministicAction, compute: () => ActionOutcome): ActionOutcome {
  let out: unknown;
  try {
    out = compute();
  } catch (error) {
    throw failed(action, (error as Error).message);
  }
  if (!isRecord(out) || !isRecord(out['patch']))
    throw failed(action, 'did not answer { patch: object, report?: object }');
  if (out['report'] !== undefined && !isRecord(out['report']))
    throw failed(action, 'answered a report that is not an object');
  const allowed = allowedKeys(action);
  const outside = Object.keys(out['patch']).filter((k) => !allowed.has(k));
  if (outside.length > 0)
    throw failed(action, `tried to write ${outside.join(', ')} (it may write ${[...allowed].join(', ')})`);
  return { patch: out['patch'], report: isRecord(out['report']) ? out['report'] : {} };
}

function who(ctx: EngineContext): string {
  try {
    return userInfo().username || ctx.channel;
  } catch {
    return ctx.channel;
  }
}

/** Runs `action` on `req.node` (see the file comment); EngineError on refusal, nothing written then. */
export async function runAction(
  ctx: EngineContext,
  action: DeterministicAction,
  req: ActionRequest,
  consent: Consent,
): Promise<ActionRun> {
  const input = validateInput(action.id, action.params, req.input);
  const curator = createSidecarCurator(ctx);
  if (req.dryRun !== true) curator.assertConsent(consent);
  const session = ctx.openSession(req.dryRun === true ? 'read' : 'write');
  if (session === null)
    throw new EngineError(
      'db-missing',
      `Project database not found at ${ctx.dbPath}; run \`sm scan\` first.`,
      {
        details: { path: ctx.dbPath },
      },
    );
  try {
    const node = session.nodes.get(req.node);
    const kinds = action.precondition?.kind;
    if (node !== null && kinds !== undefined && !kinds.includes(node.kind))
      throw new EngineError(
        'invalid-input',
        `${action.id} applies to ${kinds.join(', ')} nodes; '${req.node}' is a ${node.kind}`,
        {
          details: { node: req.node, kind: node.kind, accepted: kinds },
        },
      );
    let report: Record<string, unknown> = {};
    const transform = (doc: Record<string, unknown>): Record<string, unknown> => {
      const out = outcomeOf(action, () =>
        action.run({
          node: {
            path: node!.path,
            kind: node!.kind,
            bodyHash: node!.bodyHash,
            frontmatterHash: node!.frontmatterHash,
          },
          sidecar: doc,
          input,
          now: new Date(ctx.now()).toISOString(),
          by: who(ctx),
        }),
      );
      report = out.report;
      if (out.patch['identity'] !== undefined) assertNodeUnchanged(ctx, node!.path, node!.bodyHash);
      return deepMerge(doc, out.patch);
    };
    const result =
      req.dryRun === true
        ? curator.previewDocument(session, req.node, transform)
        : await curator.updateDocument(session, req.node, consent, transform);
    const run: ActionRun = {
      actionId: action.id,
      nodePath: req.node,
      dryRun: req.dryRun === true,
      changed: result.changed,
      report,
      annotations: result.annotations,
    };
    if (req.dryRun !== true) {
      // Told after the write (the drop-ins as they are now); a dry run changed nothing to tell.
      await ctx.extensions.refresh?.(ctx.config()).catch(() => undefined);
      const payload = { actionId: run.actionId, nodePath: run.nodePath, changed: run.changed };
      tellEngineHooks(ctx, 'action.completed', payload, { runId: `action:${run.actionId}`, jobId: null });
    }
    return run;
  } finally {
    session.close();
  }
}
