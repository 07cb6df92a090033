// The JSON-RPC methods of both eras. Handlers return a result or throw; dispatch maps errors once.
import { isPlainObject } from '@skillstate/core';
import type { SkillSpec, TokenTracker } from '@skillstate/core';
import type { ActivityTracker } from './activity.js';
import type { Era } from './era.js';
import { envelopeVersion } from './era.js';
import { assertConfined } from './confinement.js';
import { McpServerError } from './errors.js';
import type { JsonRpcId } from './jsonrpc.js';
import { CAPABILITIES, initializeResult, SERVER_IDENTITY } from './handshake.js';
import { META_KEYS, MODERN_PROTOCOL_VERSIONS } from './protocol.js';
import { isKnownResource, readResource, RESOURCES, unknownResource } from './resources.js';
import type { StateAccess } from './state-access.js';
import type { Subscriptions } from './subscriptions.js';
import type { ToolContext } from './tools/define-tool.js';
import type { ToolRegistry } from './tools/registry.js';

/** Everything the methods of one connection work with. */
export interface ServerDeps {
  readonly spec: SkillSpec;
  readonly state: StateAccess;
  readonly tools: ToolRegistry;
  readonly activity: ActivityTracker;
  readonly tracker: TokenTracker | undefined;
  readonly subscriptions: Subscriptions;
  readonly serverInfo: { name: string; version: string };
  now(): Date;
  /**
   * Awaited before every tool call. launch() uses it so the session's `running` stamp always lands before
   * anything a tool writes, without holding up the handshake.
   */
  beforeToolCall: () => Promise<void>;
  /** Told once per change of the revision the connection negotiated (launch() records it in the session). */
  negotiated: (protocolVersion: string) => Promise<void>;
  /**
   * The revision the 2025-era handshake settled on so far: the connection's own `initialize`, or (launch()) the
   * one the bin's gate answered before the server loaded. Undefined before any handshake.
   */
  negotiatedVersion: () => string | undefined;
}

/** One request being served: its id, era and params, and the notifications to send after its response. */
export interface MethodCall {
  readonly id: JsonRpcId;
  readonly era: Era;
  readonly params: unknown;
  readonly extra: string[];
}

/** Returned by a handler whose response is sent later (a listen stream is answered when it ends). */
export const DEFERRED = Symbol('deferred');

type Handler = (
  call: MethodCall,
  deps: ServerDeps,
) => Record<string, unknown> | typeof DEFERRED | Promise<Record<string, unknown>>;

interface MethodEntry {
  eras: readonly Era[];
  handle: Handler;
}

const LEGACY: readonly Era[] = ['legacy'];
const MODERN: readonly Era[] = ['modern'];
const BOTH: readonly Era[] = ['legacy', 'modern'];

function objectParams(params: unknown): Record<string, unknown> {
  if (!isPlainObject(params))
    throw new McpServerError('INVALID_PARAMS', 'Invalid params: expected an object');
  return params;
}

/** The `uri` of a resource request; location arguments are refused as they are for tools. */
function requireUri(params: unknown): string {
  if (isPlainObject(params)) assertConfined(params);
  const uri = isPlainObject(params) ? params['uri'] : undefined;
  if (typeof uri !== 'string') throw new McpServerError('INVALID_PARAMS', 'Invalid params: uri required');
  return uri;
}

function knownUri(params: unknown): string {
  const uri = requireUri(params);
  if (!isKnownResource(uri)) throw unknownResource(uri);
  return uri;
}

function toolContext(call: MethodCall, deps: ServerDeps): ToolContext {
  return {
    spec: deps.spec,
    state: deps.state,
    activity: deps.activity,
    tracker: deps.tracker,
    // A 2026-era request names its revision in its own envelope; a 2025-era one runs under the handshake's.
    protocolVersion:
      (call.era === 'modern' ? envelopeVersion(call.params) : deps.negotiatedVersion()) ?? null,
    now: () => deps.now(),
    changed(statePath) {
      if (statePath === deps.state.defaultTarget().statePath)
        call.extra.push(...deps.subscriptions.stateChanged());
    },
  };
}

async function callTool(call: MethodCall, deps: ServerDeps): Promise<Record<string, unknown>> {
  const params = objectParams(call.params);
  const name = params['name'];
  if (typeof name !== 'string' || name === '')
    throw new McpServerError('INVALID_PARAMS', 'Invalid params: name required');
  const args = isPlainObject(params['arguments']) ? params['arguments'] : {};
  await deps.beforeToolCall();
  return { ...(await deps.tools.call(name, args, toolContext(call, deps))) };
}

function listen(call: MethodCall, deps: ServerDeps): typeof DEFERRED {
  const filter = isPlainObject(call.params) ? call.params['notifications'] : undefined;
  if (!isPlainObject(filter))
    throw new McpServerError('INVALID_PARAMS', 'Invalid params: notifications must be an object');
  call.extra.push(deps.subscriptions.listen(call.id, filter));
  return DEFERRED;
}

/** The method table: which era serves each method, and how. */
export const METHODS: Readonly<Record<string, MethodEntry>> = {
  initialize: { eras: LEGACY, handle: ({ params }) => initializeResult(params) },
  ping: { eras: LEGACY, handle: () => ({}) },
  'server/discover': {
    eras: MODERN,
    handle: () => ({
      supportedVersions: [...MODERN_PROTOCOL_VERSIONS],
      capabilities: CAPABILITIES,
      _meta: { [META_KEYS.serverInfo]: SERVER_IDENTITY },
    }),
  },
  'tools/list': { eras: BOTH, handle: (_call, deps) => ({ tools: deps.tools.list() }) },
  'tools/call': { eras: BOTH, handle: callTool },
  'resources/list': { eras: BOTH, handle: () => ({ resources: RESOURCES }) },
  'resources/read': {
    eras: BOTH,
    handle: ({ params }, deps) => readResource(requireUri(params), deps.spec, deps.state),
  },
  'resources/subscribe': {
    eras: LEGACY,
    handle: ({ params }, deps) => {
      deps.subscriptions.subscribe(knownUri(params));
      return {};
    },
  },
  'resources/unsubscribe': {
    eras: LEGACY,
    handle: ({ params }, deps) => {
      deps.subscriptions.unsubscribe(requireUri(params));
      return {};
    },
  },
  'subscriptions/listen': { eras: MODERN, handle: listen },
  'prompts/list': { eras: BOTH, handle: () => ({ prompts: [] }) },
  'logging/setLevel': { eras: LEGACY, handle: () => ({}) },
};

/** The entry serving `method` in `era`, or a method-not-found error. */
export function methodFor(method: string, era: Era): MethodEntry {
  const entry = Object.prototype.hasOwnProperty.call(METHODS, method) ? METHODS[method] : undefined;
  if (entry === undefined || !entry.eras.includes(era)) {
    throw new McpServerError('METHOD_NOT_FOUND', `Method not found: ${method}`);
  }
  return entry;
}
