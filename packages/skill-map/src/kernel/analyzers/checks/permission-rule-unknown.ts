import type { Issue } from '@skill-map/spec';
import type { Analyzer } from '../analyzer.js';
import { mcpUsage } from './mcp.js';
import { settingsOf } from './settings.js';
import { nearest } from './values.js';
import { CLAUDE_TOOLS } from './vocab.js';

const MCP_RULE = /^mcp__([A-Za-z0-9_-]+?)(?:__.*)?$/;

/**
 * `core/permission-rule-unknown`: a permission rule (allow / ask / deny) of Claude Code settings naming a tool that
 * does not exist (a near miss of a tool: warn; another name: info), or an `mcp__server` whose server no MCP config
 * of the project defines; also `enabledMcpjsonServers` entries `.mcp.json` does not define.
 */
export const permissionRuleUnknownAnalyzer: Analyzer = {
  id: 'core/permission-rule-unknown',
  phase: 'detect',
  severity: 'varies',
  suppressible: true,
  wholeGraph: 'mcp',
  description:
    'A permission rule or MCP server switch in Claude Code settings names an unknown tool or server.',
  hint: 'spell the tool as Claude Code does (Bash(npm test:*), Read(./src/**)), or define the MCP server',
  run(view, sink) {
    const usage = mcpUsage(view);
    const defined = new Set(
      [...usage.values()].filter((u) => u.configs.length > 0).map((u) => u.node.path.slice(6)),
    );
    for (const node of view.graph.nodes) {
      const settings = settingsOf(node);
      if (settings === null) continue;
      const emit = (target: string, severity: Issue['severity'], message: string, hint: string): void => {
        sink.emit({
          analyzerId: 'permission-rule-unknown',
          severity,
          nodeIds: [node.path],
          message,
          fix: { hint },
          data: { target },
        });
      };
      const { allow, ask, deny } = settings.permissions;
      for (const [list, rules] of [
        ['allow', allow],
        ['ask', ask],
        ['deny', deny],
      ] as const) {
        for (const rule of rules) {
          const server = MCP_RULE.exec(rule)?.[1];
          if (server !== undefined) {
            if (defined.has(server)) continue;
            // Without any MCP config in the project, the server may be the user's own.
            if (defined.size === 0) continue;
            emit(
              rule,
              'warn',
              `permissions.${list}: '${rule}' names MCP server '${server}', which no MCP config of the project defines`,
              `define '${server}' in .mcp.json, or fix the name`,
            );
            continue;
          }
          const paren = rule.indexOf('(');
          const tool = (paren > 0 ? rule.slice(0, paren) : rule).trim();
          if (tool === '' || tool === '*' || CLAUDE_TOOLS.includes(tool)) continue;
          const near = nearest(tool, CLAUDE_TOOLS);
          if (near === null)
            emit(
              rule,
              'info',
              `permissions.${list}: '${tool}' is not a known Claude Code tool`,
              permissionRuleUnknownAnalyzer.hint!,
            );
          else
            emit(
              rule,
              'warn',
              `permissions.${list}: '${tool}' is not a Claude Code tool (names are case-sensitive): did you mean '${near}'?`,
              `write '${near}${paren > 0 ? rule.slice(paren) : ''}'`,
            );
        }
      }
      for (const server of settings.mcpServers) {
        if (defined.has(server) || defined.size === 0) continue;
        emit(
          server,
          'warn',
          `MCP server '${server}' is switched on or off in settings but no MCP config of the project defines it`,
          `define '${server}' in .mcp.json, or remove it from the settings`,
        );
      }
    }
  },
};
