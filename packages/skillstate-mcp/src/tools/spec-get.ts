import { examplePatch } from '@skillstate/core';
import { defineTool, ok, READ_ONLY } from './define-tool.js';

/** spec.get: the procedural spec plus a patch that passes validation. Pure configuration: never gated. */
export const specGet = defineTool({
  name: 'spec.get',
  description:
    'The procedural spec: id, name, version, instructions and the state schema, plus example_state_patch, a ready-made patch that passes validation.',
  inputSchema: { type: 'object', properties: {} },
  annotations: READ_ONLY,
  requiresState: false,
  handler(_args, ctx) {
    const { id, name, version, instructions, schema } = ctx.spec;
    return ok({ id, name, version, instructions, schema, example_state_patch: examplePatch(ctx.spec) });
  },
});
