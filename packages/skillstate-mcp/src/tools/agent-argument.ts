import { McpServerError } from '../errors.js';
import { resolveAgentId } from '../state-access.js';

/** The required `agent` argument of agent.read and agent.merge, sanitised. */
export function requireAgent(args: Record<string, unknown>): string {
  const raw = args['agent'];
  if (typeof raw !== 'string' || raw === '') {
    throw new McpServerError('INVALID_ARGUMENT', 'agent is required: pass the sub-agent id from agent.list');
  }
  return resolveAgentId(raw);
}

/** JSON Schema of the `agent` argument of the agent tools. */
export const AGENT_PROPERTY = {
  type: 'string',
  description: 'Sub-agent id, as agent.list reports it.',
} as const;
