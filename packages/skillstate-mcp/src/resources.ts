// The three resources: the state envelope, the spec, and the summary projection.
import { buildSummary, toEnvelope } from '@skillstate/core';
import type { SkillSpec } from '@skillstate/core';
import { McpServerError, NOT_INITIALIZED_TEXT, redactedJson } from './errors.js';
import { SPEC_ICONS, STATE_ICONS } from './icons.js';
import type { McpIcon } from './icons.js';
import type { StateAccess } from './state-access.js';

/** URI of the full `{version, state}` envelope of the server's default scope. */
export const STATE_URI = 'skillstate://state';
/** URI of the procedural spec. */
export const SPEC_URI = 'skillstate://spec';
/** URI of the compact summary projection. */
export const SUMMARY_URI = 'skillstate://summary';

/** Resources whose content changes when the state is written. */
export const STATE_BACKED_URIS: readonly string[] = [STATE_URI, SUMMARY_URI];

/** A resource as resources/list describes it. */
export interface ResourceListing {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: 'application/json';
  icons: readonly McpIcon[];
}

/** The resources, in listing order. */
export const RESOURCES: readonly ResourceListing[] = [
  {
    uri: STATE_URI,
    name: 'Skill State',
    title: 'Skill State',
    description: 'The full versioned state envelope ({ version, state }).',
    mimeType: 'application/json',
    icons: STATE_ICONS,
  },
  {
    uri: SPEC_URI,
    name: 'Procedural Spec',
    title: 'Procedural Spec',
    description: 'The procedural spec: id, name, version, instructions, schema.',
    mimeType: 'application/json',
    icons: SPEC_ICONS,
  },
  {
    uri: SUMMARY_URI,
    name: 'State Summary',
    title: 'State Summary',
    description: 'Compact summary projection of the current state.',
    mimeType: 'application/json',
    icons: STATE_ICONS,
  },
];

/** The -32602 a read or subscribe of a URI we do not serve gets; `data.uri` names it (MCP resource errors). */
export function unknownResource(uri: string): McpServerError {
  return new McpServerError('INVALID_PARAMS', `Unknown resource: ${uri}`, { data: { uri } });
}

/** True for one of our resource URIs. */
export function isKnownResource(uri: string): boolean {
  return RESOURCES.some((resource) => resource.uri === uri);
}

function contentOf(uri: string, spec: SkillSpec, state: StateAccess): unknown {
  if (uri === SPEC_URI) {
    const { id, name, version, instructions, schema } = spec;
    return { id, name, version, instructions, schema };
  }
  if (!isKnownResource(uri)) throw unknownResource(uri);
  if (state.isInert()) throw new McpServerError('NOT_INITIALIZED', NOT_INITIALIZED_TEXT);
  const current = state.load(state.defaultTarget());
  return uri === STATE_URI ? toEnvelope(current) : buildSummary(current);
}

/**
 * Reads one resource. The spec is pure configuration and always readable; the state-backed resources are
 * inert until init and fail (never fall back to defaults) when the state file is unusable.
 * Security: the content is redacted value by value, so the text is always valid JSON.
 */
export function readResource(uri: string, spec: SkillSpec, state: StateAccess): { contents: unknown[] } {
  const text = redactedJson(contentOf(uri, spec, state));
  return { contents: [{ uri, mimeType: 'application/json', text }] };
}
