import { examplePatch } from '@skillstate/core';
import { defineTool, ok, READS } from './define-tool.js';
import { SPEC_ICONS } from '../icons.js';
import { SPEC_OUTPUT } from './output-schemas.js';

/** spec.get: the procedural spec plus a patch that passes validation. Pure configuration: never gated. */
export const specGet = defineTool({
  name: 'spec.get',
  title: 'Read spec',
  description:
    'The procedural spec: id, name, version, instructions and the state schema, plus example_state_patch, a ready-made patch that passes validation.',
  inputSchema: { type: 'object', properties: {} },
  effect: READS,
  output: SPEC_OUTPUT,
  icons: SPEC_ICONS,
  requiresState: false,
  handler(_args, ctx) {
    const { id, name, version, instructions, schema } = ctx.spec;
    return ok({ id, name, version, instructions, schema, example_state_patch: examplePatch(ctx.spec) });
  },
});
