// Claude Code settings files as nodes (issue 11): `.claude/settings.json`, `.claude/settings.local.json` and a
// plugin's `hooks/hooks.json`. The node's `frontmatter` holds a projection of what the analyzers check (hook events
// and commands, permission rules, MCP server switches); nothing else of the file (env values, tokens) is kept.
import type { Issue, NodeKind } from '@skill-map/spec';
import { canonicalFrontmatter } from './parse/frontmatter.js';
import { stripJsonc } from './parse/jsonc.js';
import type { FileContext, FileRecord, SourceFile } from './types.js';
import { dirname } from './util/posix-path.js';
import { settingsSchemaIssues } from './host-schema/index.js';

const CLAUDE_SETTINGS = /(?:^|\/)\.claude\/settings(?:\.local)?\.json$/;
const PLUGIN_HOOKS = /(?:^|\/)hooks\/hooks\.json$/;

/** Candidate paths: Claude Code settings files and plugin hook files (the latter kept only under a plugin root). */
export function isSettingsCandidate(path: string): boolean {
  return CLAUDE_SETTINGS.test(path) || PLUGIN_HOOKS.test(path);
}

/** One hook command: its event, matcher and command line. */
export interface HookCommand {
  event: string;
  matcher: string | null;
  command: string;
}

/** What a settings node carries as its frontmatter. */
export interface SettingsProjection {
  /** Every hook event key, as written (also those with no command). */
  hookEvents: string[];
  hooks: HookCommand[];
  permissions: { allow: string[]; ask: string[]; deny: string[] };
  /** `enabledMcpjsonServers` / `disabledMcpjsonServers`. */
  mcpServers: string[];
  /** The folder `$CLAUDE_PROJECT_DIR` / `${CLAUDE_PLUGIN_ROOT}` stands for (`''` = the scope root). */
  base: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];

function projection(doc: Record<string, unknown>, base: string): SettingsProjection {
  const hooks: HookCommand[] = [];
  const hookEvents: string[] = [];
  if (isRecord(doc['hooks'])) {
    for (const [event, groups] of Object.entries(doc['hooks'])) {
      hookEvents.push(event);
      for (const group of Array.isArray(groups) ? groups : []) {
        if (!isRecord(group)) continue;
        const matcher = typeof group['matcher'] === 'string' ? group['matcher'] : null;
        for (const h of Array.isArray(group['hooks']) ? group['hooks'] : []) {
          if (isRecord(h) && typeof h['command'] === 'string')
            hooks.push({ event, matcher, command: h['command'].slice(0, 2000) });
        }
      }
    }
  }
  const perms = isRecord(doc['permissions']) ? doc['permissions'] : {};
  return {
    hookEvents,
    hooks: hooks.slice(0, 500),
    permissions: {
      allow: strings(perms['allow']).slice(0, 1000),
      ask: strings(perms['ask']).slice(0, 1000),
      deny: strings(perms['deny']).slice(0, 1000),
    },
    mcpServers: [...strings(doc['enabledMcpjsonServers']), ...strings(doc['disabledMcpjsonServers'])].slice(
      0,
      500,
    ),
    base,
  };
}

/**
 * The record of a settings candidate: a `settings` node (provider `claude`, or `plugin` for a plugin's hooks file)
 * whose frontmatter is the {@link SettingsProjection}, or an ignored record (a `hooks/hooks.json` outside a plugin
 * root). A file that does not parse keeps its node and gets `settings-invalid`.
 */
export function settingsRecord(file: SourceFile, ctx: FileContext, record: FileRecord): FileRecord {
  const claude = CLAUDE_SETTINGS.test(file.path);
  const hooksDir = dirname(file.path);
  const pluginRoot = claude ? null : dirname(hooksDir);
  if (!claude && !ctx.lens.pluginRoots.includes(pluginRoot!)) {
    record.role = 'ignored';
    return record;
  }
  // `.claude/settings.json` → the project is the folder holding `.claude/`.
  const base = claude ? dirname(dirname(file.path)) : pluginRoot!;
  const node: NonNullable<FileRecord['node']> = {
    kind: 'settings' satisfies NodeKind,
    bytes: file.bytes,
    modifiedAtMs: file.modifiedAtMs,
  };
  node.provider = claude ? 'claude' : 'plugin';
  record.node = node;
  let doc: unknown;
  try {
    doc = JSON.parse(stripJsonc(file.text));
  } catch (error) {
    const issue: Issue = {
      analyzerId: 'settings-invalid',
      severity: 'warn',
      nodeIds: [file.path],
      message: `Settings file does not parse: ${(error as Error).message.split('\n')[0]!}`,
    };
    record.issues = [issue];
    return record;
  }
  if (!isRecord(doc)) {
    record.issues = [
      {
        analyzerId: 'settings-invalid',
        severity: 'warn',
        nodeIds: [file.path],
        message: 'Settings file is not a JSON object',
      },
    ];
    return record;
  }
  const fm = projection(doc, base);
  node.frontmatter = fm as unknown as Record<string, unknown>;
  node.frontmatterHash = ctx.hash(canonicalFrontmatter(node.frontmatter));
  const schema = settingsSchemaIssues(file.path, !claude, doc);
  if (schema.length > 0) record.issues = schema;
  return record;
}
