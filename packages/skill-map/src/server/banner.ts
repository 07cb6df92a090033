/** What the banner needs to know. */
export interface BannerInfo {
  version: string;
  scopeRoot: string;
  baseUrl: string;
  mcp: boolean;
  ui: boolean;
  watcher: boolean;
  /** Activity hook state per host that has a hook file (`installed`, `outdated`, `partial`, `absent`, `invalid`). */
  activityHooks: ReadonlyArray<{ host: string; state: string }>;
}

/** The host registration recipes for an MCP URL (Claude Code, Codex, Cursor). */
export function mcpRecipes(mcpUrl: string): string[] {
  return [
    `claude mcp add --transport http skill-map ${mcpUrl}`,
    `codex mcp add skill-map --url ${mcpUrl}`,
    `.cursor/mcp.json  ${JSON.stringify({ mcpServers: { 'skill-map': { url: mcpUrl } } })}`,
  ];
}

/** The stderr banner telling a person where things are (plain text: stable for logs and tests). */
export function formatBanner(info: BannerInfo): string {
  const lines = [`skill-map ${info.version} is serving ${info.scopeRoot}`];
  if (info.ui) lines.push(`  web   ${info.baseUrl}/`);
  lines.push(`  api   ${info.baseUrl}/api/health`, `  live  ${info.baseUrl.replace(/^http/, 'ws')}/ws`);
  if (info.mcp) {
    const url = `${info.baseUrl}/mcp`;
    lines.push(`  mcp   ${url}`, '', 'Connect an MCP host:', ...mcpRecipes(url).map((r) => `  ${r}`));
  } else {
    lines.push('  mcp   off (start with --mcp, or set mcp.server.enabled in .skill-map/settings.local.json)');
  }
  const hooked = info.activityHooks.filter((h) => h.state !== 'absent');
  lines.push(
    hooked.length === 0
      ? '  hooks none: run `sm activity install` so the map shows what the agents run'
      : `  hooks ${hooked.map((h) => `${h.host} ${h.state}`).join(', ')} (sm activity status)`,
  );
  if (!info.watcher) lines.push('  watcher off: run `sm scan` (or POST /api/scan) after editing files');
  lines.push('', 'Press Ctrl+C to stop.');
  return `${lines.join('\n')}\n`;
}
