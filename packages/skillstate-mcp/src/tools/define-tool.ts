import type { SkillSpec, TokenTracker } from '@skillstate/core';
import type { ActivityTracker } from '../activity.js';
import type { McpIcon } from '../icons.js';
import type { StateAccess } from '../state-access.js';
import { resultSchema } from './output-schemas.js';

/**
 * What tools/list says a tool does (MCP tool annotations). Every tool declares all of them; none is open-world:
 * each works on the server's own state directory only.
 */
export interface ToolAnnotations {
  title: string;
  /** True only when the call writes nothing at all. */
  readOnlyHint: boolean;
  /** True when the call can delete or overwrite something an agent wrote (state values, the session outcome). */
  destructiveHint: boolean;
  /** True when calling again with the same arguments changes nothing more. */
  idempotentHint: boolean;
  openWorldHint: false;
}

/** The hints a tool declares besides its title. */
export type ToolEffect = Pick<ToolAnnotations, 'readOnlyHint' | 'destructiveHint' | 'idempotentHint'>;

/** A JSON Schema for a tool's arguments (advisory: handlers check what they need themselves). */
export interface ToolInputSchema {
  type: 'object';
  properties: Record<string, unknown>;
  required?: string[];
}

/** What a tool handler hands back: a JSON value for the text content, flagged when it reports a failure. */
export interface ToolOutcome {
  value: unknown;
  isError?: boolean;
}

/** What every tool handler may use. Built per call, so change notifications land with that call's reply. */
export interface ToolContext {
  readonly spec: SkillSpec;
  readonly state: StateAccess;
  readonly activity: ActivityTracker;
  readonly tracker: TokenTracker | undefined;
  /** The revision this call runs under, as negotiated by the client (null when it never negotiated one). */
  readonly protocolVersion: string | null;
  now(): Date;
  /** Reports that this call wrote the state file at `statePath` (drives resource-updated notifications). */
  changed(statePath: string): void;
}

/** A JSON Schema for a tool's structured result (an object; see output-schemas.ts). */
export type ToolOutputSchema = { type: 'object' } & Record<string, unknown>;

/** One MCP tool as its module declares it: its listing and its handler. */
export interface ToolDeclaration {
  name: string;
  /** A short human name for hosts to show. */
  title: string;
  description: string;
  inputSchema: ToolInputSchema;
  /** What the structured content of a success looks like; the refusal shape is added by {@link defineTool}. */
  output: Record<string, unknown>;
  effect: ToolEffect;
  icons: readonly McpIcon[];
  /** False only for tools that read configuration and never state; all others are inert until init. */
  requiresState: boolean;
  handler(args: Record<string, unknown>, ctx: ToolContext): ToolOutcome | Promise<ToolOutcome>;
}

/** One MCP tool with everything tools/list says about it. */
export interface ToolDefinition extends Omit<ToolDeclaration, 'output' | 'effect'> {
  annotations: ToolAnnotations;
  outputSchema: ToolOutputSchema;
}

/**
 * Declares a tool: its annotations (title and hints, never open-world) and its outputSchema, which accepts its
 * success shape or the refusal every tool can answer with.
 */
export function defineTool(declaration: ToolDeclaration): ToolDefinition {
  const { output, effect, ...rest } = declaration;
  return {
    ...rest,
    annotations: { title: declaration.title, ...effect, openWorldHint: false },
    outputSchema: resultSchema(output),
  };
}

/** A successful outcome. */
export function ok(value: unknown): ToolOutcome {
  return { value };
}

/** A tool that only reads: no file is written, so calling it again changes nothing. */
export const READS: ToolEffect = { readOnlyHint: true, destructiveHint: false, idempotentHint: true };

/** The argument that picks a state scope, shared by the state tools (the directory is the server's own). */
export const TARGET_PROPERTIES = {
  agent: {
    type: 'string',
    description:
      'Sub-agent id ([A-Za-z0-9_-], at most 64): use agents/<id>/ under the state directory instead of the main state.',
  },
} as const;
