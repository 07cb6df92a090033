import { mergeState, nestedMergeWarnings, topChanges, validatePatchDeep } from '@skillstate/core';
import { defineTool, ok, TARGET_PROPERTIES } from './define-tool.js';
import { PATCH_PROPERTY, requirePatch } from './patch-argument.js';
import { STATE_ICONS } from '../icons.js';
import { PATCH_OUTPUT } from './output-schemas.js';

/** state.patch: the single write operation: validate, then merge under the state lock. */
export const statePatch = defineTool({
  name: 'state.patch',
  title: 'Patch state',
  description:
    'Apply a partial update to the state: the patch is validated against the spec first (nothing is written when it is invalid), then merged. Objects merge into objects, arrays and scalars replace, null deletes a key. Returns the new state, the changed top-level keys and merge warnings.',
  inputSchema: {
    type: 'object',
    properties: { patch: PATCH_PROPERTY, ...TARGET_PROPERTIES },
    required: ['patch'],
  },
  effect: { readOnlyHint: false, destructiveHint: true, idempotentHint: false },
  output: PATCH_OUTPUT,
  icons: STATE_ICONS,
  requiresState: true,
  async handler(args, ctx) {
    const patch = requirePatch(args);
    const verdict = validatePatchDeep(ctx.spec.schema, patch);
    if (!verdict.valid) return { value: verdict, isError: true };
    const target = ctx.state.target(args);
    const { before, after } = await ctx.state.update(target, (current) => mergeState(current, patch));
    await ctx.activity.touch(target.stateDir);
    ctx.changed(target.statePath);
    return ok({
      state: after,
      changes: topChanges(before, after),
      warnings: nestedMergeWarnings(before, patch),
    });
  },
});
