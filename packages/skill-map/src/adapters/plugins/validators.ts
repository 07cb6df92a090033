// The validators of a plugin's load, typed: ajv standalone code generated from the spec schemas at development time
// (validators.generated.ts, by scripts/plugin-validators.mjs), so no `sm` run compiles a schema to load a plugin.
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { ViewSlotName } from '@skill-map/spec';
import * as generated from './validators.generated.js';

/** plugins-registry.schema.json `$defs/PluginManifest`. */
export const manifestCheck = generated.manifest as unknown as ValidateFunction;
/** plugins-registry.schema.json `$defs/ViewContribution` (the older contributions of plugin.json). */
export const viewContributionCheck = generated.viewContribution as unknown as ValidateFunction;
/** extensions/provider-kind.schema.json: a folder-layout plugin's `kind.json`. */
export const providerKindCheck = generated.providerKind as unknown as ValidateFunction;
/** view-slots.schema.json `$defs/UiContribution`: one entry of an extension's `ui` map. */
export const uiContributionCheck = generated.uiContribution as unknown as ValidateFunction;

const payloads = generated.payloads as unknown as Readonly<Record<string, ValidateFunction>>;

/** view-slots.schema.json `$defs/payloads/<slot>`: what a contribution to `slot` may carry. */
export function payloadCheck(slot: ViewSlotName): ValidateFunction {
  return payloads[slot]!;
}
