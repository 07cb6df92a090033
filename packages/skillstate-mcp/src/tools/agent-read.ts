import { defineTool, ok, READ_ONLY } from './define-tool.js';
import { AGENT_PROPERTY, requireAgent } from './agent-argument.js';

/** agent.read: a sub-agent's state, read-only (creates nothing; defaults when it has no file). */
export const agentRead = defineTool({
  name: 'agent.read',
  description: "Read a sub-agent's state without changing anything. Returns {agent, statePath, state}.",
  inputSchema: {
    type: 'object',
    properties: { agent: AGENT_PROPERTY },
    required: ['agent'],
  },
  annotations: READ_ONLY,
  requiresState: true,
  handler(args, ctx) {
    const agent = requireAgent(args);
    const target = ctx.state.target({ agent });
    return ok({ agent, statePath: target.statePath, state: ctx.state.load(target) });
  },
});
