import { extensionFault } from './extension-fault.js';
import type { Issue } from '@skill-map/spec';
import { parse as parseToml } from 'smol-toml';
import { prepareContext } from './context.js';
import { analyzeNodeFile } from './node-file.js';
import { parseMcpConfig } from './parse/mcp-config.js';
import { parseSidecar } from './parse/sidecar.js';
import type { McpConfigSpec } from './providers/provider.js';
import { BUILTIN_PROVIDERS, classifyPath } from './providers/registry.js';
import type { FileContext, FileRecord, SourceFile } from './types.js';
import { createMcpNode } from './virtual-node.js';
import { isSettingsCandidate, settingsRecord } from './host-settings.js';
import { manifestRecord } from './plugin-manifest.js';
import { codexConfigSchemaIssues } from './host-schema/index.js';

const MCP_CONFIGS: readonly { provider: string; spec: McpConfigSpec }[] = BUILTIN_PROVIDERS.flatMap((p) =>
  p.mcpConfigs.map((spec) => ({ provider: p.id, spec })),
);
const PLUGIN_MANIFEST = /(?:^|\/)\.(?:claude|cursor|codex)-plugin\/(?:plugin|marketplace)\.json$/;
const CANDIDATE = /\.(?:md|mdc|markdown|sm)$/i;
const CODEX_AGENT = /(?:^|\/)\.codex\/agents\/[^/]+\.toml$/;

/** Which walked files the kernel wants read: markdown, sidecars, MCP configs, plugin manifests, Codex agent TOML,
 *  Claude Code settings and plugin hook files. */
export function isCandidatePath(path: string): boolean {
  return (
    CANDIDATE.test(path) ||
    CODEX_AGENT.test(path) ||
    PLUGIN_MANIFEST.test(path) ||
    isSettingsCandidate(path) ||
    MCP_CONFIGS.some(({ spec }) => spec.pattern.test(path))
  );
}

function mcpConfigRecord(
  file: SourceFile,
  provider: string,
  spec: McpConfigSpec,
  ctx: FileContext,
  record: FileRecord,
): FileRecord {
  record.role = 'mcp-config';
  const parsed = parseMcpConfig(file.text, spec.format);
  if (!parsed.ok) {
    const issue: Issue = {
      analyzerId: 'mcp-config-invalid',
      severity: 'warn',
      nodeIds: [file.path],
      message: `MCP config does not parse: ${parsed.message}`,
    };
    record.issues = [issue];
    return record;
  }
  const virtualNodes = parsed.servers.map((s) =>
    createMcpNode(s.name, provider, file.path, { name: s.name, transport: s.transport }, ctx.hash),
  );
  if (virtualNodes.length > 0) record.virtualNodes = virtualNodes;
  // Codex's config.toml parsed again here for its `mcp_servers` tables' fields (the MCP parse keeps names only).
  if (spec.format === 'codex-toml') {
    const schema = codexConfigSchemaIssues(file.path, parseToml(file.text));
    if (schema.length > 0) record.issues = schema;
  }
  return record;
}

/**
 * The per-file stage: classifies the file under the active providers, parses frontmatter (only when a `---` block exists),
 * extracts links, parses `.sm` sidecars and MCP configs. A pure function of (file, active set, settings): the result is
 * JSON-serialisable and may be cached under `ctx.cacheKey` + `contentHash`. Records are compact (see record-format.ts).
 */
export function analyzeFile(file: SourceFile, ctx: FileContext): FileRecord {
  try {
    return analyzeFileUnguarded(file, ctx);
  } catch (error) {
    return failedFileRecord(file, ctx, error);
  }
}

/**
 * The record of a file whose analysis threw: no node, no links, ONE `analysis-failed` issue on the file naming the
 * error. Whatever breaks inside the per-file stage stays that file's problem; the scan goes on with the others.
 */
export function failedFileRecord(file: SourceFile, ctx: FileContext, error: unknown): FileRecord {
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return {
    path: file.path,
    contentHash: file.contentHash ?? ctx.hash(file.text),
    cacheKey: ctx.cacheKey,
    role: 'ignored',
    node: null,
    issues: [
      {
        analyzerId: 'analysis-failed',
        severity: 'warn',
        nodeIds: [file.path],
        message: `'${file.path}' could not be analysed (${detail.split('\n')[0]!.slice(0, 300)}); it is left out of the map`,
        data: { error: detail.slice(0, 2000) },
      },
    ],
  };
}

function analyzeFileUnguarded(file: SourceFile, ctx: FileContext): FileRecord {
  const record: FileRecord = {
    path: file.path,
    contentHash: file.contentHash ?? ctx.hash(file.text),
    cacheKey: ctx.cacheKey,
    node: null,
  };
  if (file.path.endsWith('.sm')) {
    record.role = 'sidecar';
    record.sidecar = parseSidecar(file.path, file.text);
    return record;
  }
  const prepared = prepareContext(ctx);
  const mcp = prepared.mcpConfigs.find(({ spec }) => spec.pattern.test(file.path));
  if (mcp !== undefined) return mcpConfigRecord(file, mcp.provider, mcp.spec, ctx, record);
  if (PLUGIN_MANIFEST.test(file.path)) {
    if (prepared.manifests) return manifestRecord(file, ctx, record);
  } else if (isSettingsCandidate(file.path)) {
    if (prepared.hostSettings) return settingsRecord(file, ctx, record);
  }
  const faults: Issue[] = [];
  const cls = classifyPath(
    file.path,
    prepared.chain,
    { pluginRoots: ctx.lens.pluginRoots },
    (provider, problem) => faults.push(extensionFault(file.path, provider, problem)),
  );
  if (cls === null) {
    record.role = 'ignored';
    if (faults.length > 0) record.issues = faults;
    return record;
  }
  const analysed = analyzeNodeFile(file, cls, ctx, record);
  if (faults.length > 0) analysed.issues = [...faults, ...(analysed.issues ?? [])];
  return analysed;
}
