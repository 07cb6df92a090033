// The 2025-era handshake answer. Free of @skillstate/core so the bin can serve it before the rest loads.
import { SERVER_ICONS } from './icons.js';
import { negotiateProtocolVersion } from './protocol.js';
import { SERVER_NAME, VERSION } from './version.js';

/** Capabilities we declare. Lists never change, so no `listChanged`; state resources support subscriptions. */
export const CAPABILITIES = { tools: {}, resources: { subscribe: true }, prompts: {}, logging: {} } as const;

/** The server's identity as every 2026-era result's `_meta` names it (kept small: it is on every result). */
export const SERVER_INFO = { name: SERVER_NAME, version: VERSION } as const;

/** The server's full identity, with its title and icon: `initialize`'s serverInfo and `server/discover`'s. */
export const SERVER_IDENTITY = { ...SERVER_INFO, title: 'skillstate', icons: SERVER_ICONS } as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The result of `initialize`: the negotiated revision, our capabilities and identity. */
export function initializeResult(params: unknown): Record<string, unknown> {
  return {
    protocolVersion: negotiateProtocolVersion(isObject(params) ? params['protocolVersion'] : undefined),
    capabilities: CAPABILITIES,
    serverInfo: SERVER_IDENTITY,
  };
}
