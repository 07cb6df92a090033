import { McpServerError } from '../errors.js';
import { defineTool, ok, READS } from './define-tool.js';
import { STATE_ICONS } from '../icons.js';
import { METRICS_OUTPUT } from './output-schemas.js';

/** state.metrics: the paper's three metrics from the token tracker the server was given. */
export const stateMetrics = defineTool({
  name: 'state.metrics',
  title: 'Token metrics',
  description:
    'The token tracker metrics {accuracy, averagePromptSize, totalTokens} (characters, not tokens). Only available when the embedding application configured a tracker.',
  inputSchema: { type: 'object', properties: {} },
  effect: READS,
  output: METRICS_OUTPUT,
  icons: STATE_ICONS,
  requiresState: true,
  handler(_args, ctx) {
    if (ctx.tracker === undefined) throw new McpServerError('NO_TRACKER', 'No token tracker configured');
    if (ctx.tracker.stepCount === 0) {
      throw new McpServerError('NO_TRACKER', 'No steps recorded yet: the token tracker session is empty');
    }
    return ok(ctx.tracker.getMetrics());
  },
});
