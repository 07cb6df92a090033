import type { ToolAnnotations } from '@modelcontextprotocol/server';
import type * as z from 'zod';
import type { EngineContext } from '../../engines/context.js';
import type { ActivityStore } from '../activity/activity-store.js';
import type { ServerLogger } from '../ports.js';
import type { MapReader } from '../read/map-reader.js';

/** What tools and resources read; built once per server, shared by every session. */
export interface McpDeps {
  reader: MapReader;
  activity: ActivityStore;
  logger: ServerLogger;
  /** The operable engines (channel `mcp`); present whenever the operable tools are registered. */
  engines?: EngineContext;
}

/** The engines of a call; the operable tools are only registered with them, so absence is a wiring bug. */
export function enginesOf(deps: McpDeps): EngineContext {
  if (deps.engines === undefined) throw new Error('operable MCP tool called without engines');
  return deps.engines;
}

/** Per-call context a tool may use (abort on client disconnect, progress). */
export interface ToolCallContext {
  signal: AbortSignal;
  /** Sends `notifications/progress` when the caller supplied a progressToken; a no-op otherwise. */
  progress(progress: number, message?: string): Promise<void>;
}

/**
 * One tool: name, description, input schema (zod; validated before `run`), the output schema its structuredContent
 * always validates against (success and structured-refusal shapes alike), annotations and the body.
 */
export interface ToolDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  inputSchema: S;
  /** Advertised as `outputSchema` (a JSON Schema of the output view; its root is always an object). */
  outputSchema: z.ZodType;
  annotations: ToolAnnotations;
  /** The tool's `_meta` in `tools/list` (e.g. the MCP Apps view that draws its result). */
  meta?: Readonly<Record<string, unknown>>;
  /** Returns the structured result (an object); it is sent as structuredContent plus the same JSON as text. */
  run(args: z.output<S>, deps: McpDeps, ctx: ToolCallContext): Promise<ToolResult> | ToolResult;
}

/**
 * A tool's structured result. `text` overrides the text block when the contract gives the text another form than the
 * structured object (claim_job's empty queue: the text `null`, the structuredContent all-null fields).
 */
export type ToolResult = Record<string, unknown> | TextOverride;

/** A structured result whose text block says something else (see ToolResult). */
export class TextOverride {
  constructor(
    readonly structured: Record<string, unknown>,
    readonly text: string,
  ) {}
}

/** Declares a tool with its input type inferred from the schema. */
export function defineTool<S extends z.ZodType>(def: ToolDefinition<S>): ToolDefinition<S> {
  return def;
}

/** Annotations shared by the read-only map tools. */
export const READ_ONLY: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};
