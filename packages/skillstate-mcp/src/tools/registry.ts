import { assertConfined } from '../confinement.js';
import {
  jsonResult,
  McpServerError,
  NOT_INITIALIZED_TEXT,
  textResult,
  toToolErrorResult,
} from '../errors.js';
import type { McpToolResult } from '../errors.js';
import { agentList } from './agent-list.js';
import { agentMerge } from './agent-merge.js';
import { agentRead } from './agent-read.js';
import type { ToolAnnotations, ToolContext, ToolDefinition, ToolInputSchema } from './define-tool.js';
import { specGet } from './spec-get.js';
import { specNext } from './spec-next.js';
import { stateCheckpoint } from './state-checkpoint.js';
import { stateDiff } from './state-diff.js';
import { stateFinalize } from './state-finalize.js';
import { stateGet } from './state-get.js';
import { stateMetrics } from './state-metrics.js';
import { statePatch } from './state-patch.js';
import { stateRollback } from './state-rollback.js';
import { stateSummary } from './state-summary.js';
import { stateValidate } from './state-validate.js';

/** The 14 tools, in the order tools/list reports them. */
export const ALL_TOOLS: readonly ToolDefinition[] = [
  stateGet,
  statePatch,
  stateValidate,
  stateDiff,
  stateCheckpoint,
  stateRollback,
  stateSummary,
  stateMetrics,
  stateFinalize,
  specGet,
  specNext,
  agentList,
  agentRead,
  agentMerge,
];

/** A tool as tools/list describes it. */
export interface ToolListing {
  name: string;
  description: string;
  inputSchema: ToolInputSchema;
  annotations: ToolAnnotations;
}

/** The tools a server offers: their listing and the one entry point that runs them. */
export interface ToolRegistry {
  list(): ToolListing[];
  call(name: string, args: Record<string, unknown>, ctx: ToolContext): Promise<McpToolResult>;
}

/**
 * The -32602 a call of a tool we do not list gets, in both eras (MCP: an unknown tool is a protocol error).
 * The tool list is public, so this answer reveals nothing even before init.
 */
function unknownTool(name: string): McpServerError {
  return new McpServerError('INVALID_PARAMS', `Unknown tool: ${name}`, { data: { name } });
}

/**
 * Registers tools by name. `call` first refuses a tool it does not list and arguments that try to pick another
 * location (JSON-RPC -32602s, thrown), then applies the inert gate, then runs the handler; a thrown error becomes an `isError` result here and only here, except an
 * INVALID_PARAMS one, which stays a protocol error. Every result is redacted (`jsonResult` value by value).
 */
export function registerTools(tools: readonly ToolDefinition[] = ALL_TOOLS): ToolRegistry {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const listing = tools.map(({ name, description, inputSchema, annotations }) => ({
    name,
    description,
    inputSchema,
    annotations,
  }));
  return {
    list: () => listing,
    async call(name, args, ctx) {
      const tool = byName.get(name);
      if (tool === undefined) throw unknownTool(name);
      assertConfined(args);
      if (tool.requiresState && ctx.state.isInert()) return textResult(NOT_INITIALIZED_TEXT, true);
      try {
        const outcome = await tool.handler(args, ctx);
        return jsonResult(outcome.value, outcome.isError === true);
      } catch (err) {
        if (err instanceof McpServerError && err.code === 'INVALID_PARAMS') throw err;
        return toToolErrorResult(err);
      }
    },
  };
}
