import { readDiffBaseline, topChanges, writeDiffBaseline } from '@skillstate/core';
import { defineTool, ok, TARGET_PROPERTIES } from './define-tool.js';
import { STATE_ICONS } from '../icons.js';
import { DIFF_OUTPUT } from './output-schemas.js';

/**
 * state.diff: what changed since the last diff of this state file, by any process. The baseline is persisted
 * next to the state and re-pinned on every call, so the first diff ever reports no changes.
 */
export const stateDiff = defineTool({
  name: 'state.diff',
  title: 'Diff state',
  description:
    'Top-level keys added, updated and deleted since the last state.diff of this state (by any process). Pass full: true to also get the before and after states.',
  inputSchema: {
    type: 'object',
    properties: {
      full: { type: 'boolean', description: 'Include the before and after states.' },
      ...TARGET_PROPERTIES,
    },
  },
  effect: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  output: DIFF_OUTPUT,
  icons: STATE_ICONS,
  requiresState: true,
  async handler(args, ctx) {
    const target = ctx.state.target(args);
    const { before, after } = await ctx.state.locked(target, () => {
      const current = ctx.state.load(target);
      const baseline = readDiffBaseline(target.stateDir);
      writeDiffBaseline(target.stateDir, current, ctx.state.storage);
      return { before: baseline ?? current, after: current };
    });
    const changes = topChanges(before, after);
    return ok(args['full'] === true ? { changes, before, after } : { changes });
  },
});
