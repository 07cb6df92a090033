import { McpServerError } from '../errors.js';
import { defineTool, ok, READ_ONLY } from './define-tool.js';

/** state.metrics: the paper's three metrics from the token tracker the server was given. */
export const stateMetrics = defineTool({
  name: 'state.metrics',
  description:
    'The token tracker metrics {accuracy, averagePromptSize, totalTokens} (characters, not tokens). Only available when the embedding application configured a tracker.',
  inputSchema: { type: 'object', properties: {} },
  annotations: READ_ONLY,
  requiresState: true,
  handler(_args, ctx) {
    if (ctx.tracker === undefined) throw new McpServerError('NO_TRACKER', 'No token tracker configured');
    if (ctx.tracker.stepCount === 0) {
      throw new McpServerError('NO_TRACKER', 'No steps recorded yet: the token tracker session is empty');
    }
    return ok(ctx.tracker.getMetrics());
  },
});
