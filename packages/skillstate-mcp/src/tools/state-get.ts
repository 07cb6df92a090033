import { defineTool, ok, READ_ONLY, TARGET_PROPERTIES } from './define-tool.js';

/** state.get: the current state object. */
export const stateGet = defineTool({
  name: 'state.get',
  description:
    'Read the current procedure state (the object, not the envelope). Schema defaults are returned when no state file exists yet.',
  inputSchema: { type: 'object', properties: { ...TARGET_PROPERTIES } },
  annotations: READ_ONLY,
  requiresState: true,
  handler(args, ctx) {
    return ok(ctx.state.load(ctx.state.target(args)));
  },
});
