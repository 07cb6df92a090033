import {
  CHECKPOINT_ID_PATTERN,
  createInitialState,
  listCheckpoints,
  preserveUnreadableFile,
  readCheckpoint,
  readStateFile,
  SkillstateError,
} from '@skillstate/core';
import type { JsonObject } from '@skillstate/core';
import { invalidArgument } from '../confinement.js';
import { defineTool, ok, TARGET_PROPERTIES } from './define-tool.js';
import type { ToolContext } from './define-tool.js';
import type { StateTarget } from '../state-access.js';
import { STATE_ICONS } from '../icons.js';
import { ROLLBACK_OUTPUT } from './output-schemas.js';

/** A given checkpoint id is a bare id; one that is not a string or reads as a path is a -32602. */
function pickCheckpoint(args: Record<string, unknown>, stateDir: string): string {
  const given = args['checkpointId'];
  if (given !== undefined) {
    if (typeof given !== 'string' || !CHECKPOINT_ID_PATTERN.test(given) || /^\.+$/.test(given)) {
      throw invalidArgument('checkpointId', 'must be a checkpoint id as state.checkpoint returns it');
    }
    return given;
  }
  const last = listCheckpoints(stateDir).at(-1);
  if (last === undefined) {
    throw new SkillstateError(
      'NO_CHECKPOINTS',
      'No checkpoints found: create one with state.checkpoint first',
    );
  }
  return last.checkpointId;
}

/**
 * Writes the checkpoint's state (callers hold the lock). This is the recovery path for an unusable state
 * file: that file is first kept as `<statePath>.corrupt-<time>`, never silently overwritten.
 */
function restore(target: StateTarget, state: JsonObject, ctx: ToolContext): string | undefined {
  const read = readStateFile(target.statePath);
  if (read.kind === 'unreadable') {
    const preserved = preserveUnreadableFile(target.statePath, ctx.now());
    ctx.state.commit(target, null, state);
    return preserved;
  }
  const before = read.kind === 'ok' ? read.envelope.state : createInitialState(ctx.spec.schema);
  ctx.state.commit(target, before, state);
  return undefined;
}

/** state.rollback: replaces the state with a checkpoint's (the last one when no id is given). */
export const stateRollback = defineTool({
  name: 'state.rollback',
  title: 'Roll back state',
  description:
    'Replace the state with a checkpoint (the latest one when checkpointId is omitted). Checkpoints are kept. Also the way to recover from an unusable state file, which is kept aside as a .corrupt-<time> copy.',
  inputSchema: {
    type: 'object',
    properties: {
      checkpointId: { type: 'string', description: 'Id from state.checkpoint, e.g. 1-before-refactor.' },
      ...TARGET_PROPERTIES,
    },
  },
  effect: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
  output: ROLLBACK_OUTPUT,
  icons: STATE_ICONS,
  requiresState: true,
  async handler(args, ctx) {
    const target = ctx.state.target(args);
    const checkpointId = pickCheckpoint(args, target.stateDir);
    const record = readCheckpoint(target.stateDir, checkpointId);
    const preserved = await ctx.state.locked(target, () => restore(target, record.state, ctx));
    await ctx.activity.touch(target.stateDir);
    ctx.changed(target.statePath);
    return ok(
      preserved === undefined
        ? { checkpointId, state: record.state }
        : { checkpointId, state: record.state, preservedUnreadableFile: preserved },
    );
  },
});
