import { assertConfined } from '../confinement.js';
import {
  jsonResult,
  McpServerError,
  NOT_INITIALIZED_TEXT,
  refusalResult,
  toToolErrorResult,
} from '../errors.js';
import type { McpToolResult } from '../errors.js';
import { agentList } from './agent-list.js';
import { agentMerge } from './agent-merge.js';
import { agentRead } from './agent-read.js';
import type { McpIcon } from '../icons.js';
import type {
  ToolAnnotations,
  ToolContext,
  ToolDefinition,
  ToolInputSchema,
  ToolOutputSchema,
} from './define-tool.js';
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

/**
 * The tools of a server without a token tracker (the bin's): state.metrics could only ever refuse there, so
 * it is not listed, and calling it is an unknown tool.
 */
export const UNTRACKED_TOOLS: readonly ToolDefinition[] = ALL_TOOLS.filter((tool) => tool !== stateMetrics);

/** The tools a server offers: all of them with a token tracker, all but state.metrics without. */
export function toolsFor(hasTracker: boolean): readonly ToolDefinition[] {
  return hasTracker ? ALL_TOOLS : UNTRACKED_TOOLS;
}

/** A tool as tools/list describes it. */
export interface ToolListing {
  name: string;
  title: string;
  description: string;
  inputSchema: ToolInputSchema;
  outputSchema: ToolOutputSchema;
  annotations: ToolAnnotations;
  icons: readonly McpIcon[];
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
 * Registers tools by name (by default the bin's: {@link UNTRACKED_TOOLS}). `call` first refuses a tool it does
 * not list and arguments that try to pick another location (JSON-RPC -32602s, thrown), then applies the inert
 * gate, then runs the handler; a thrown error becomes an `isError` result here and only here, except an
 * INVALID_PARAMS one, which stays a protocol error. Every result is redacted (`jsonResult` value by value) and
 * carries its structured content.
 */
export function registerTools(tools: readonly ToolDefinition[] = UNTRACKED_TOOLS): ToolRegistry {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const listing = tools.map(
    ({ name, title, description, inputSchema, outputSchema, annotations, icons }): ToolListing => ({
      name,
      title,
      description,
      inputSchema,
      outputSchema,
      annotations,
      icons,
    }),
  );
  return {
    list: () => listing,
    async call(name, args, ctx) {
      const tool = byName.get(name);
      if (tool === undefined) throw unknownTool(name);
      assertConfined(args);
      if (tool.requiresState && ctx.state.isInert()) return refusalResult(NOT_INITIALIZED_TEXT);
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
