import type { Analyzer } from '../analyzer.js';
import { mcpUsage } from './mcp.js';
import { settingsOf } from './settings.js';

/**
 * `core/mcp-server-unused`: a configured MCP server that no agent, command or skill names. `info` only: every
 * configured server is offered to the main session, so "unused by the files" is a hint, never a defect by itself.
 * Reported only when some file names an MCP tool at all (otherwise the project does not list tools per file).
 */
export const mcpServerUnusedAnalyzer: Analyzer = {
  id: 'core/mcp-server-unused',
  phase: 'detect',
  severity: 'info',
  suppressible: false,
  wholeGraph: 'mcp',
  description: 'A configured MCP server that no tools / allowed-tools entry names (while others are named).',
  hint: 'name its tools where they are meant to be used, or remove the server from the config',
  run(view, sink) {
    const usage = mcpUsage(view);
    const anyUse = [...usage.values()].some((u) => u.uses.length > 0);
    if (!anyUse) return;
    // A server a settings file allows, asks for, denies or switches is accounted for.
    const named = new Set<string>();
    for (const node of view.graph.nodes) {
      const s = settingsOf(node);
      if (s === null) continue;
      for (const rule of [...s.permissions.allow, ...s.permissions.ask, ...s.permissions.deny])
        if (rule.startsWith('mcp__')) named.add(rule.slice(5).split('__')[0]!);
      for (const server of s.mcpServers) named.add(server);
    }
    for (const [path, u] of usage) {
      const name = path.slice('mcp://'.length);
      if (u.configs.length === 0 || u.uses.length > 0 || named.has(name)) continue;
      sink.emit({
        analyzerId: 'mcp-server-unused',
        severity: 'info',
        nodeIds: [path],
        message: `MCP server '${name}' (${u.configs.join(', ')}) is configured but no agent, command or skill names its tools`,
        fix: { hint: `list mcp__${name}__<tool> in the tools of the files that use it, or remove '${name}'` },
        data: { server: name, file: u.configs[0]!, configs: u.configs },
      });
    }
  },
};
