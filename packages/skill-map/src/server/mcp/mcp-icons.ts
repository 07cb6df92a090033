import type { Icon } from '@modelcontextprotocol/server';

/**
 * skill-map's icon (a small graph: three nodes, two links), shipped in the package as this module and served as a
 * `data:` URI (decision, see docs/skill-map/mcp.md#icons): the same answer over stdio (`sm mcp`, no origin to serve
 * from) and HTTP, in both eras, with no request a host must make to a port that changes every run, and nothing
 * fetched from outside the machine.
 */
export const SKILL_MAP_ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">' +
  '<rect width="24" height="24" rx="5" fill="#1e293b"/>' +
  '<path d="M7 7l10 5L7 17" fill="none" stroke="#94a3b8" stroke-width="1.6"/>' +
  '<circle cx="7" cy="7" r="2.6" fill="#f59e0b"/>' +
  '<circle cx="17" cy="12" r="2.6" fill="#34d399"/>' +
  '<circle cx="7" cy="17" r="2.6" fill="#60a5fa"/>' +
  '</svg>';

/** The `icons` of the server, every tool, resource and template. */
export const MCP_ICONS: Icon[] = [
  {
    src: `data:image/svg+xml;base64,${Buffer.from(SKILL_MAP_ICON_SVG, 'utf8').toString('base64')}`,
    mimeType: 'image/svg+xml',
    sizes: ['any'],
  },
];
