import type { Analyzer } from '../analyzer.js';
import { linkAt, mcpUsage } from './mcp.js';

/**
 * `core/mcp-server-undefined`: a `mcp__server__tool` entry names a server no MCP config in the project defines.
 * `warn` when the project configures other servers (it keeps its MCP config in the repo), `info` when it has no MCP
 * config at all (the servers then live in the user's own config, which a scan cannot see).
 */
export const mcpServerUndefinedAnalyzer: Analyzer = {
  id: 'core/mcp-server-undefined',
  phase: 'detect',
  severity: 'varies',
  suppressible: true,
  wholeGraph: 'mcp',
  description: 'A mcp__server__tool entry names a server that no MCP configuration in the project defines.',
  hint: 'define the server in .mcp.json (or the host config), or fix the server name',
  run(view, sink) {
    const usage = mcpUsage(view);
    if (usage.size === 0) return;
    const configured = [...usage.values()].filter((u) => u.configs.length > 0).map((u) => u.node.path);
    for (const [path, u] of usage) {
      if (u.configs.length > 0) continue;
      const name = path.slice('mcp://'.length);
      const severity = configured.length > 0 ? 'warn' : 'info';
      const why =
        configured.length > 0
          ? `the project's MCP configs define ${configured.map((p) => p.slice(6)).join(', ')}`
          : 'the project has no MCP config (it may be defined in user settings)';
      const bySource = new Map<string, number[]>();
      for (const i of u.uses) {
        const source = view.links[i]!.source;
        bySource.set(source, [...(bySource.get(source) ?? []), i]);
      }
      for (const [source, indices] of bySource) {
        sink.emit({
          analyzerId: 'mcp-server-undefined',
          severity,
          nodeIds: [source, path],
          message: `MCP server '${name}' is used (${view.links[indices[0]!]!.raw ?? path}) but not defined: ${why}`,
          fix: { hint: `add '${name}' to .mcp.json mcpServers, or correct the server name` },
          data: { target: path, server: name, ...linkAt(view.links[indices[0]!]) },
        });
      }
    }
  },
};
