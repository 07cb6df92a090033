// The icons of the server, its tools and its resources: small SVGs carried in the package itself and sent as
// base64 `data:` URIs (a stdio server has no URL to serve them from, and a host must not need the network to
// show them). Free of @skillstate/core: the handshake gate sends the server's icon before the rest loads.

/** An icon as MCP describes one (tools, resources and the server's identity). */
export interface McpIcon {
  src: string;
  mimeType: 'image/svg+xml';
  sizes: ['any'];
}

const OPEN = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">';

/** The server: three stacked layers of state. */
export const SERVER_SVG = `${OPEN}<rect width="24" height="24" rx="5" fill="#1f4e79"/><path d="M6 8h12M6 12h12M6 16h8" stroke="#fff" stroke-width="2" stroke-linecap="round"/></svg>`;
/** The state tools and resources: a page of lines. */
export const STATE_SVG = `${OPEN}<path d="M5 2h10l4 4v16H5z" fill="#2b6cb0"/><path d="M8 10h8M8 14h8M8 18h5" stroke="#fff" stroke-width="1.6"/></svg>`;
/** The spec tools and resource: a checklist. */
export const SPEC_SVG = `${OPEN}<rect x="3" y="3" width="18" height="18" rx="3" fill="#2f855a"/><path d="M7 9l2 2 3-3M7 15l2 2 3-3M14 10h4M14 16h4" stroke="#fff" stroke-width="1.6" fill="none"/></svg>`;
/** The sub-agent tools: two agents. */
export const AGENT_SVG = `${OPEN}<circle cx="8" cy="8" r="3.5" fill="#805ad5"/><circle cx="16" cy="8" r="3.5" fill="#805ad5"/><path d="M2 20c0-4 3-6 6-6s6 2 6 6zM12 20c0-4 3-6 4-6 3 0 6 2 6 6z" fill="#805ad5"/></svg>`;

function icon(svg: string): readonly McpIcon[] {
  return [
    {
      src: `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`,
      mimeType: 'image/svg+xml',
      sizes: ['any'],
    },
  ];
}

/** The server's icon (initialize's serverInfo, server/discover). */
export const SERVER_ICONS = icon(SERVER_SVG);
/** Icons of the state tools and the state-backed resources. */
export const STATE_ICONS = icon(STATE_SVG);
/** Icons of the spec tools and the spec resource. */
export const SPEC_ICONS = icon(SPEC_SVG);
/** Icons of the sub-agent tools. */
export const AGENT_ICONS = icon(AGENT_SVG);
