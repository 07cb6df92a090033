import type { SkillSpec, TokenTracker } from '@skillstate/core';
import type { ActivityTracker } from '../activity.js';
import type { StateAccess } from '../state-access.js';

/** The two hints every tool declares. */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
}

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

/** One MCP tool: its listing and its handler. */
export interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: ToolInputSchema;
  annotations: ToolAnnotations;
  /** False only for tools that read configuration and never state; all others are inert until init. */
  requiresState: boolean;
  handler(args: Record<string, unknown>, ctx: ToolContext): ToolOutcome | Promise<ToolOutcome>;
}

/** Declares a tool (typed identity). */
export function defineTool(definition: ToolDefinition): ToolDefinition {
  return definition;
}

/** A successful outcome. */
export function ok(value: unknown): ToolOutcome {
  return { value };
}

/** Annotations of a tool that only reads. */
export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: false };
/** Annotations of a tool that writes without destroying anything. */
export const ADDITIVE_WRITE: ToolAnnotations = { readOnlyHint: false, destructiveHint: false };

/** The argument that picks a state scope, shared by the state tools (the directory is the server's own). */
export const TARGET_PROPERTIES = {
  agent: {
    type: 'string',
    description:
      'Sub-agent id ([A-Za-z0-9_-], at most 64): use agents/<id>/ under the state directory instead of the main state.',
  },
} as const;
