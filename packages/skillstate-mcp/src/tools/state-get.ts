import { defineTool, ok, TARGET_PROPERTIES, READS } from './define-tool.js';
import { STATE_ICONS } from '../icons.js';
import { STATE } from './output-schemas.js';

/** state.get: the current state object. */
export const stateGet = defineTool({
  name: 'state.get',
  title: 'Read state',
  description:
    'Read the current procedure state (the object, not the envelope). Schema defaults are returned when no state file exists yet.',
  inputSchema: { type: 'object', properties: { ...TARGET_PROPERTIES } },
  effect: READS,
  output: STATE,
  icons: STATE_ICONS,
  requiresState: true,
  handler(args, ctx) {
    return ok(ctx.state.load(ctx.state.target(args)));
  },
});
