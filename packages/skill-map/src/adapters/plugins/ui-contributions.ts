// An extension's `ui` map (which slot of the view-slot catalog each of its contributions goes to) and the payloads it
// emits at scan time with `ctx.emitContribution(nodePath, <ui entry>, payload)`. The map is checked when the plugin
// loads (a slot outside the catalog makes the plugin invalid-manifest); each payload is checked against its slot's
// schema (view-slots.schema.json `$defs/payloads/<slot>`) when it is emitted, and one that fails is left out and
// reported as a scan warning (stderr), never as an issue.
import type { ErrorObject } from 'ajv/dist/2020.js';
import type { UiContribution, ViewSlotName } from '@skill-map/spec';
import type { ContributionPayload } from '../../kernel/index.js';
import { checks } from './checks.js';

/** Where a plugin author reads the slot catalog (the reference's page, which our catalog follows). */
export const SLOT_CATALOG_DOC = 'https://github.com/crystian/skill-map/blob/main/spec/view-slots.md';

/** One checked entry of an extension's `ui` map. */
export interface UiEntry extends UiContribution {
  /** The map's key: the contribution's id in its plugin (`<plugin>/<key>` in REST `contributionsRegistry`). */
  key: string;
  /** The qualified id of the extension that declares it. */
  extension: string;
}

/** A `ui` map that does not fit the catalog (the plugin becomes `invalid-manifest`). */
export class UiMapError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UiMapError';
  }
}

/** What the worker hands back for one `ctx.emitContribution` call (`key` null: not an object of the `ui` map). */
export interface EmittedContribution {
  nodePath: unknown;
  key: string | null;
  payload?: unknown;
}

const KEY = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/** One ajv complaint in the catalog's words: where (a JSON pointer from `at`), then what. */
function describe(at: string, e: ErrorObject): string {
  const what =
    e.keyword === 'enum' || e.keyword === 'const' ? 'is not a valid value' : (e.message ?? 'is invalid');
  return `${at}${e.instancePath} ${what}`;
}

/** The most telling complaints (the if/then and anyOf wrappers only repeat the inner ones). */
function complaints(at: string, errors: readonly ErrorObject[] | null | undefined): string {
  const inner = (errors ?? []).filter(
    (e) => e.keyword !== 'if' && e.keyword !== 'anyOf' && e.keyword !== 'oneOf',
  );
  return [...new Set((inner.length > 0 ? inner : (errors ?? [])).map((e) => describe(at, e)))].join(', ');
}

/** The checked `ui` map of an extension's default export (empty without one); throws UiMapError when it is off-catalog. */
export function readUiMap(ui: unknown, extension: string): UiEntry[] {
  if (ui === undefined) return [];
  if (typeof ui !== 'object' || ui === null || Array.isArray(ui))
    throw new UiMapError(`extension '${extension}': /ui must be an object of view contributions`);
  const entry = checks().uiContributionCheck;
  const out: UiEntry[] = [];
  for (const [key, value] of Object.entries(ui)) {
    if (!KEY.test(key))
      throw new UiMapError(
        `extension '${extension}': /ui/${key} is not a valid contribution id (${KEY.source})`,
      );
    if (!entry(value))
      throw new UiMapError(`extension '${extension}': ${complaints(`/ui/${key}`, entry.errors)}`);
    out.push({ ...(value as UiContribution), key, extension });
  }
  return out;
}

/** True when the payload carries nothing to draw (the slot then stays silent unless `emitWhenEmpty`). */
function isEmpty(slot: ViewSlotName, p: Record<string, unknown>): boolean {
  const none = (k: string): boolean => Array.isArray(p[k]) && (p[k] as unknown[]).length === 0;
  if (slot === 'inspector.body.panel.breakdown') return none('bars');
  if (slot === 'inspector.body.panel.records') return none('rows');
  if (slot === 'inspector.body.panel.key-values') return none('pairs');
  if (slot === 'inspector.body.panel.link-list') return none('links');
  if (slot === 'inspector.body.panel.tree') return p['children'] === undefined || none('children');
  if (slot === 'inspector.body.panel.markdown') return String(p['markdown']).trim() === '';
  if (slot.startsWith('card.') && slot !== 'card.title.right') return p['value'] === 0;
  return false;
}

/**
 * The payloads of one `evaluate` call that fit their slot, and a warning for each left out: a node the scan does not
 * have, an object that is not one of the `ui` map's own, or a payload that fails its slot's schema.
 */
export function checkEmitted(
  emitted: readonly EmittedContribution[],
  extension: string,
  pluginId: string,
  ui: readonly UiEntry[],
  paths: ReadonlySet<string>,
): { payloads: ContributionPayload[]; warnings: string[] } {
  const payloads: ContributionPayload[] = [];
  const warnings: string[] = [];
  for (const e of emitted) {
    const node = typeof e.nodePath === 'string' ? e.nodePath : JSON.stringify(e.nodePath);
    const left = (why: string): void => {
      warnings.push(
        `extension.error: ${extension} emitted a contribution for '${node}' ${why}; it is left out`,
      );
    };
    const entry = e.key === null ? undefined : ui.find((u) => u.key === e.key);
    if (entry === undefined) {
      left(`whose object is not one declared in its 'ui' map (pass the map's own entry, not a copy)`);
      continue;
    }
    if (typeof e.nodePath !== 'string' || !paths.has(e.nodePath)) {
      left(`('${entry.key}') that names no node of the scan`);
      continue;
    }
    const check = checks().payloadCheck(entry.slot);
    if (!check(e.payload)) {
      left(
        `('${entry.key}') whose payload failed the '${entry.slot}' schema: ${complaints('', check.errors)}`,
      );
      continue;
    }
    if (entry.emitWhenEmpty !== true && isEmpty(entry.slot, e.payload as Record<string, unknown>)) continue;
    payloads.push({ contribution: `${pluginId}/${entry.key}`, nodeId: e.nodePath, data: e.payload });
  }
  return { payloads, warnings };
}
