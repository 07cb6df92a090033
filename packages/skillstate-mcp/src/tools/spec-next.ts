import { nextGuidance } from '@skillstate/core';
import { defineTool, ok, READ_ONLY, TARGET_PROPERTIES } from './define-tool.js';

/** spec.next: goal, progress count, the next three steps and the blockers, from the current state. */
export const specNext = defineTool({
  name: 'spec.next',
  description: 'What to do next: {goal, completed, next (first 3 next_steps), blockers, suggestion}.',
  inputSchema: { type: 'object', properties: { ...TARGET_PROPERTIES } },
  annotations: READ_ONLY,
  requiresState: true,
  handler(args, ctx) {
    return ok(nextGuidance(ctx.state.load(ctx.state.target(args))));
  },
});
