import { mergeState, topChanges, writeSessionMeta, writeStateFileSync } from '@skillstate/core';
import { McpServerError } from '../errors.js';
import { defineTool, ok } from './define-tool.js';
import { AGENT_PROPERTY, requireAgent } from './agent-argument.js';
import { MERGED_AT_KEY, mergePolicyPatch } from './merge-policy.js';
import type { KeepPolicy } from './merge-policy.js';
import { AGENT_ICONS } from '../icons.js';
import { AGENT_MERGE_OUTPUT } from './output-schemas.js';

/**
 * agent.merge: folds a sub-agent's copy into the main state under the main lock, then marks the copy (it is
 * kept, with `mergedAt` inside its state) and flips its session sidecar to `merged`.
 */
export const agentMerge = defineTool({
  name: 'agent.merge',
  title: 'Merge sub-agent',
  description:
    "Fold a sub-agent's state into the main state. Keys only the sub-agent has are taken, nested objects merge, conflicting values follow keep ('main', the default, or 'sub'); schema defaults count as never set. The sub-agent copy is kept and marked merged.",
  inputSchema: {
    type: 'object',
    properties: {
      agent: AGENT_PROPERTY,
      keep: { type: 'string', enum: ['main', 'sub'], description: 'Who wins a conflict. Default main.' },
    },
    required: ['agent'],
  },
  effect: { readOnlyHint: false, destructiveHint: true, idempotentHint: false },
  output: AGENT_MERGE_OUTPUT,
  icons: AGENT_ICONS,
  requiresState: true,
  async handler(args, ctx) {
    const agent = requireAgent(args);
    const keep: KeepPolicy = args['keep'] === 'sub' ? 'sub' : 'main';
    const main = ctx.state.defaultTarget();
    const sub = ctx.state.target({ agent });
    if (main.statePath === sub.statePath) {
      throw new McpServerError('INVALID_ARGUMENT', `cannot merge agent ${agent} into itself`);
    }
    const { before, after } = await ctx.state.update(main, (current) =>
      mergeState(current, mergePolicyPatch(current, ctx.state.load(sub), keep, ctx.spec.schema)),
    );
    const mergedAt = ctx.now().toISOString();
    await ctx.state.locked(sub, () => {
      const marked = { ...ctx.state.load(sub), [MERGED_AT_KEY]: mergedAt };
      writeStateFileSync(sub.statePath, marked, ctx.state.storage);
    });
    try {
      await writeSessionMeta(sub.stateDir, { status: 'merged', mergedAt }, ctx.state.storage);
    } catch {
      // Best effort: the merge itself is done; the sidecar is bookkeeping.
    }
    await ctx.activity.touch(main.stateDir);
    ctx.changed(main.statePath);
    return ok({ agent, keep, state: after, changes: topChanges(before, after) });
  },
});
