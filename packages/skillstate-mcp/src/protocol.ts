// Protocol revisions and the reserved `_meta` keys of the 2026-07-28 ("modern") era.

/** Every protocol revision this server speaks, oldest first. The last one is the newest. */
export const SUPPORTED_PROTOCOL_VERSIONS = [
  '2024-11-05',
  '2025-03-26',
  '2025-06-18',
  '2025-11-25',
  '2026-07-28',
] as const;

/** One supported protocol revision. */
export type ProtocolVersion = (typeof SUPPORTED_PROTOCOL_VERSIONS)[number];

/** The newest supported revision. */
export const PROTOCOL_VERSION: ProtocolVersion = '2026-07-28';

/** Revisions of the modern era: requests carry a per-request `_meta` envelope and there is no `initialize`. */
export const MODERN_PROTOCOL_VERSIONS: readonly string[] = ['2026-07-28'];

/** Reserved `_meta` keys of the modern era. */
export const META_KEYS = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  logLevel: 'io.modelcontextprotocol/logLevel',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
} as const;

/**
 * Picks the revision an `initialize` answers with: the requested one when it is supported, else the newest.
 * The client then decides whether it can work with that answer (MCP lifecycle rules).
 */
export function negotiateProtocolVersion(requested: unknown): ProtocolVersion {
  return typeof requested === 'string' &&
    (SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(requested)
    ? (requested as ProtocolVersion)
    : PROTOCOL_VERSION;
}
