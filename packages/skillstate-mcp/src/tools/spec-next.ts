import { nextGuidance } from '@skillstate/core';
import { defineTool, ok, TARGET_PROPERTIES, READS } from './define-tool.js';
import { SPEC_ICONS } from '../icons.js';
import { NEXT_OUTPUT } from './output-schemas.js';

/** spec.next: goal, progress count, the next three steps and the blockers, from the current state. */
export const specNext = defineTool({
  name: 'spec.next',
  title: 'Next step',
  description: 'What to do next: {goal, completed, next (first 3 next_steps), blockers, suggestion}.',
  inputSchema: { type: 'object', properties: { ...TARGET_PROPERTIES } },
  effect: READS,
  output: NEXT_OUTPUT,
  icons: SPEC_ICONS,
  requiresState: true,
  handler(args, ctx) {
    return ok(nextGuidance(ctx.state.load(ctx.state.target(args))));
  },
});
