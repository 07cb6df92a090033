import { ResourceNotFoundError } from '@modelcontextprotocol/server';
import type {
  CallToolResult,
  ReadResourceResult,
  Resource,
  ResourceTemplateType,
  Tool,
} from '@modelcontextprotocol/server';
import * as z from 'zod';
import { TextOverride } from './define-tool.js';
import type { McpDeps, ToolCallContext, ToolDefinition } from './define-tool.js';
import { MCP_ICONS } from './mcp-icons.js';

/** A fixed resource (`skillmap://graph`, ...). */
export interface ResourceDefinition {
  uri: string;
  name: string;
  title: string;
  description: string;
  /** Default `application/json` (the value is serialised); another type is served as the string `read` returns. */
  mimeType?: string;
  /** The resource's `_meta`, on its `resources/list` entry and on its content (e.g. an MCP App's `ui` settings). */
  meta?: Readonly<Record<string, unknown>>;
  read(deps: McpDeps): unknown;
}

/** A resource template (`skillmap://node/{+path}`); `match` returns null for URIs it does not own. */
export interface ResourceTemplateDefinition {
  uriTemplate: string;
  name: string;
  title: string;
  description: string;
  match(uri: string): Record<string, string> | null;
  /** Throws ResourceNotFoundError (→ -32602 with `data.uri`) for an unknown target. */
  read(vars: Record<string, string>, deps: McpDeps, uri: string): unknown;
}

const JSON_MIME = 'application/json';

/**
 * A tool's `outputSchema`: the JSON Schema of its output view, rooted at an object as MCP requires (a union of
 * outcome shapes becomes `{type: 'object', anyOf: [...]}`).
 */
export function outputJsonSchema(schema: z.ZodType): Tool['outputSchema'] {
  const { $schema: _drop, ...json } = z.toJSONSchema(schema, { io: 'output' });
  return { ...json, type: 'object' };
}

/** Compact JSON: fewer tokens for the model than pretty-printing, and cheaper to produce. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value);
}

/**
 * The MCP surface, built ONCE per server and shared by every session and both eras: tool definitions
 * with their JSON input schemas computed up front, resources and templates. Session servers dispatch
 * into it, so a session costs a protocol instance, not a copy of the catalog.
 */
export class McpCatalog {
  private readonly tools = new Map<string, ToolDefinition>();
  private readonly resources = new Map<string, ResourceDefinition>();
  private readonly templates: ResourceTemplateDefinition[] = [];
  private toolList: Tool[] | null = null;

  constructor(readonly deps: McpDeps) {}

  /** Registers a tool (names are unique). */
  addTool<S extends z.ZodType>(def: ToolDefinition<S>): void {
    if (this.tools.has(def.name)) throw new Error(`tool ${def.name} is already registered`);
    // Stored widened: it is only ever called with the output of its own schema.
    this.tools.set(def.name, def);
    this.toolList = null;
  }

  addResource(def: ResourceDefinition): void {
    if (this.resources.has(def.uri)) throw new Error(`resource ${def.uri} is already registered`);
    this.resources.set(def.uri, def);
  }

  addTemplate(def: ResourceTemplateDefinition): void {
    this.templates.push(def);
  }

  /** `tools/list` entries (input schemas as JSON Schema, input view: extra keys are allowed and ignored). */
  listTools(): Tool[] {
    this.toolList ??= [...this.tools.values()].map((t) => {
      const { $schema: _drop, ...inputSchema } = z.toJSONSchema(t.inputSchema, { io: 'input' });
      return {
        name: t.name,
        title: t.title,
        description: t.description,
        inputSchema: inputSchema as Tool['inputSchema'],
        outputSchema: outputJsonSchema(t.outputSchema),
        annotations: t.annotations,
        icons: MCP_ICONS,
        ...(t.meta === undefined ? {} : { _meta: { ...t.meta } }),
      };
    });
    return this.toolList;
  }

  /** True when a tool of that name exists. */
  hasTool(name: string): boolean {
    return this.tools.has(name);
  }

  /**
   * Validates and runs a tool. Throws ZodError for bad input and ServerError for domain failures; the
   * caller maps both once (`mcp-errors.ts`). The result carries structuredContent AND a JSON text block (a
   * null result: the text block `null` alone).
   */
  async callTool(name: string, args: unknown, ctx: ToolCallContext): Promise<CallToolResult> {
    const tool = this.tools.get(name);
    if (tool === undefined) throw new UnknownToolError(name);
    const input = tool.inputSchema.parse(args ?? {});
    const result = await tool.run(input, this.deps, ctx);
    if (result instanceof TextOverride)
      return { content: [{ type: 'text', text: result.text }], structuredContent: result.structured };
    return { content: [{ type: 'text', text: jsonText(result) }], structuredContent: result };
  }

  listResources(): Resource[] {
    return [...this.resources.values()].map((r) => ({
      uri: r.uri,
      name: r.name,
      title: r.title,
      description: r.description,
      mimeType: r.mimeType ?? JSON_MIME,
      icons: MCP_ICONS,
      ...(r.meta === undefined ? {} : { _meta: { ...r.meta } }),
    }));
  }

  listTemplates(): ResourceTemplateType[] {
    return this.templates.map((t) => ({
      uriTemplate: t.uriTemplate,
      name: t.name,
      title: t.title,
      description: t.description,
      mimeType: JSON_MIME,
      icons: MCP_ICONS,
    }));
  }

  /** True when `uri` names a resource or falls under a template (what `resources/subscribe` accepts). */
  knowsUri(uri: string): boolean {
    return this.resources.has(uri) || this.templates.some((t) => t.match(uri) !== null);
  }

  async readResource(uri: string): Promise<ReadResourceResult> {
    const fixed = this.resources.get(uri);
    let value: unknown;
    if (fixed?.mimeType !== undefined && fixed.mimeType !== JSON_MIME) {
      const text = String(fixed.read(this.deps));
      const meta = fixed.meta === undefined ? {} : { _meta: { ...fixed.meta } };
      return { contents: [{ uri, mimeType: fixed.mimeType, text, ...meta }] };
    }
    if (fixed !== undefined) value = fixed.read(this.deps);
    else {
      const hit = this.templates.map((t) => ({ t, vars: t.match(uri) })).find((x) => x.vars !== null);
      if (hit === undefined || hit.vars === null) throw new ResourceNotFoundError(uri);
      value = await hit.t.read(hit.vars, this.deps, uri);
    }
    return { contents: [{ uri, mimeType: JSON_MIME, text: jsonText(value) }] };
  }
}

/** A `tools/call` for a name that is not registered (→ -32602, the SDK's own convention). */
export class UnknownToolError extends Error {
  constructor(readonly toolName: string) {
    super(`Tool ${toolName} not found`);
    this.name = 'UnknownToolError';
  }
}
