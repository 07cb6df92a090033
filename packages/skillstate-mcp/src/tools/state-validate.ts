import { validatePatchDeep } from '@skillstate/core';
import { defineTool, ok, READS } from './define-tool.js';
import { PATCH_PROPERTY, requirePatch } from './patch-argument.js';
import { STATE_ICONS } from '../icons.js';
import { VERDICT_OUTPUT } from './output-schemas.js';

/** state.validate: a dry run of state.patch's validation; the verdict is a normal result either way. */
export const stateValidate = defineTool({
  name: 'state.validate',
  title: 'Validate patch',
  description:
    'Check a patch against the spec without writing anything. Returns {valid:true} or {valid:false, error, field}.',
  inputSchema: { type: 'object', properties: { patch: PATCH_PROPERTY }, required: ['patch'] },
  effect: READS,
  output: VERDICT_OUTPUT,
  icons: STATE_ICONS,
  requiresState: true,
  handler(args, ctx) {
    return ok(validatePatchDeep(ctx.spec.schema, requirePatch(args)));
  },
});
