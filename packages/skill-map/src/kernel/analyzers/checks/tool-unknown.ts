import type { Node } from '@skill-map/spec';
import type { Analyzer } from '../analyzer.js';
import { CLAUDE_TOOLS } from './vocab.js';
import { claudeHosted, listField, nearest } from './values.js';

const FIELDS = ['tools', 'allowed-tools', 'disallowedTools', 'disallowed-tools'];
const KINDS = new Set(['agent', 'command', 'skill']);

/** The tool name of a `tools:` entry (`Bash(git add:*)` → `Bash`), or null for MCP tools and wildcards. */
function toolName(entry: string): string | null {
  if (entry === '*' || entry.startsWith('mcp__')) return null;
  const paren = entry.indexOf('(');
  return paren > 0 ? entry.slice(0, paren) : entry;
}

function fieldsOf(node: Node): [string, string[]][] {
  const fm = node.frontmatter;
  if (fm === undefined) return [];
  return FIELDS.filter((f) => fm[f] !== undefined).map((f) => [f, listField(fm[f])]);
}

/**
 * `core/tool-unknown`: a `tools:` / `allowed-tools:` entry that is not a Claude Code tool. `warn` when it is a near
 * miss of a known tool (case or a typo: the host matches names exactly), `info` otherwise (a tool newer than the list).
 */
export const toolUnknownAnalyzer: Analyzer = {
  id: 'core/tool-unknown',
  phase: 'detect',
  severity: 'varies',
  suppressible: true,
  wholeGraph: 'node',
  description:
    'A tools / allowed-tools entry names no Claude Code tool (warn for near misses, info otherwise).',
  hint: 'spell the tool as Claude Code does (Read, Grep, Bash(git status:*), mcp__server__tool)',
  run(view, sink) {
    for (const node of view.graph.nodes) {
      if (!KINDS.has(node.kind) || !claudeHosted(node)) continue;
      for (const [field, entries] of fieldsOf(node)) {
        for (const entry of entries) {
          const name = toolName(entry);
          if (name === null || CLAUDE_TOOLS.includes(name)) continue;
          const near = nearest(name, CLAUDE_TOOLS);
          sink.emit({
            analyzerId: 'tool-unknown',
            severity: near === null ? 'info' : 'warn',
            nodeIds: [node.path],
            message:
              near === null
                ? `${field}: '${name}' is not a known Claude Code tool`
                : `${field}: '${name}' is not a Claude Code tool: did you mean '${near}'?`,
            fix: { hint: near === null ? toolUnknownAnalyzer.hint! : `write '${near}'` },
            data: { target: name, field, ...(near === null ? {} : { suggestion: near }) },
          });
        }
      }
    }
  },
};
