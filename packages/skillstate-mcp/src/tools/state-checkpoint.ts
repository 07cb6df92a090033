import { listCheckpoints, snapshotStateFile, writeCheckpoint } from '@skillstate/core';
import { defineTool, ok, TARGET_PROPERTIES } from './define-tool.js';
import { STATE_ICONS } from '../icons.js';
import { CHECKPOINT_OUTPUT } from './output-schemas.js';

/**
 * state.checkpoint: records the current state as `checkpoints/<seq>-<label>.json` next to the state file and
 * pins the scoped state file's bytes to `<statePath>.snapshot`. Sequence numbers come from the catalog on
 * disk, so they keep counting across restarts.
 */
export const stateCheckpoint = defineTool({
  name: 'state.checkpoint',
  title: 'Checkpoint state',
  description:
    'Save a named snapshot of the current state that state.rollback can restore. Returns the checkpoint id and the full checkpoint list.',
  inputSchema: {
    type: 'object',
    properties: {
      label: { type: 'string', description: 'Short label ([A-Za-z0-9_-]; other characters become -).' },
      ...TARGET_PROPERTIES,
    },
  },
  effect: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  output: CHECKPOINT_OUTPUT,
  icons: STATE_ICONS,
  requiresState: true,
  async handler(args, ctx) {
    const target = ctx.state.target(args);
    const label = typeof args['label'] === 'string' ? args['label'] : '';
    const record = await ctx.state.locked(target, () => {
      const state = ctx.state.load(target);
      snapshotStateFile(target.statePath);
      return writeCheckpoint(target.stateDir, label, state, ctx.now(), ctx.state.storage);
    });
    await ctx.activity.touch(target.stateDir);
    return ok({
      checkpointId: record.checkpointId,
      seq: record.seq,
      label: record.label,
      checkpoints: listCheckpoints(target.stateDir),
    });
  },
});
