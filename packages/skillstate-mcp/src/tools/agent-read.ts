import { defineTool, ok, READS } from './define-tool.js';
import { AGENT_PROPERTY, requireAgent } from './agent-argument.js';
import { AGENT_ICONS } from '../icons.js';
import { AGENT_READ_OUTPUT } from './output-schemas.js';

/** agent.read: a sub-agent's state, read-only (creates nothing; defaults when it has no file). */
export const agentRead = defineTool({
  name: 'agent.read',
  title: 'Read sub-agent state',
  description: "Read a sub-agent's state without changing anything. Returns {agent, statePath, state}.",
  inputSchema: {
    type: 'object',
    properties: { agent: AGENT_PROPERTY },
    required: ['agent'],
  },
  effect: READS,
  output: AGENT_READ_OUTPUT,
  icons: AGENT_ICONS,
  requiresState: true,
  handler(args, ctx) {
    const agent = requireAgent(args);
    const target = ctx.state.target({ agent });
    return ok({ agent, statePath: target.statePath, state: ctx.state.load(target) });
  },
});
