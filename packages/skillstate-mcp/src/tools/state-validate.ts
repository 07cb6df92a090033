import { validatePatchDeep } from '@skillstate/core';
import { defineTool, ok, READ_ONLY } from './define-tool.js';
import { PATCH_PROPERTY, requirePatch } from './patch-argument.js';

/** state.validate: a dry run of state.patch's validation; the verdict is a normal result either way. */
export const stateValidate = defineTool({
  name: 'state.validate',
  description:
    'Check a patch against the spec without writing anything. Returns {valid:true} or {valid:false, error, field}.',
  inputSchema: { type: 'object', properties: { patch: PATCH_PROPERTY }, required: ['patch'] },
  annotations: READ_ONLY,
  requiresState: true,
  handler(args, ctx) {
    return ok(validatePatchDeep(ctx.spec.schema, requirePatch(args)));
  },
});
