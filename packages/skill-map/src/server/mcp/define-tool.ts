import type { ToolAnnotations } from '@modelcontextprotocol/server';
import type * as z from 'zod';
import type { ActivityStore } from '../activity/activity-store.js';
import type { ServerLogger } from '../ports.js';
import type { MapReader } from '../read/map-reader.js';

/** What tools and resources read; built once per server, shared by every session. */
export interface McpDeps {
  reader: MapReader;
  activity: ActivityStore;
  logger: ServerLogger;
}

/** Per-call context a tool may use (abort on client disconnect, progress). */
export interface ToolCallContext {
  signal: AbortSignal;
  /** Sends `notifications/progress` when the caller supplied a progressToken; a no-op otherwise. */
  progress(progress: number, message?: string): Promise<void>;
}

/** One tool: name, description, input schema (zod; validated before `run`), annotations and the body. */
export interface ToolDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  inputSchema: S;
  annotations: ToolAnnotations;
  /** Returns the structured result (an object); it is sent as structuredContent plus a JSON text block. */
  run(
    args: z.output<S>,
    deps: McpDeps,
    ctx: ToolCallContext,
  ): Promise<Record<string, unknown>> | Record<string, unknown>;
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
