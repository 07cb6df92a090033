// Test helper: an ajv (draft 2020-12) validator preloaded with every skill-map schema.
// ajv and ajv-formats are dev dependencies of the workspace, so this module sits behind the
// `@skill-map/spec/testing` subpath and is never imported by runtime code.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { ALL_SCHEMAS } from '../generated/schemas.js';

/** Result of one validation: `ok` or the ajv error messages (`<instancePath> <message>`). */
export type ValidationResult = { ok: true } | { ok: false; errors: string[] };

/** Schema ids the validator knows, by short name. */
export const SCHEMA_IDS = {
  node: 'https://skill-map.ai/spec/v1/node.schema.json',
  link: 'https://skill-map.ai/spec/v1/link.schema.json',
  issue: 'https://skill-map.ai/spec/v1/issue.schema.json',
  scanResult: 'https://skill-map.ai/spec/v1/scan-result.schema.json',
  job: 'https://skill-map.ai/spec/v1/job.schema.json',
  publicJob: 'https://skill-map.ai/spec/v1/job.schema.json#/$defs/PublicJob',
  credentialedJob: 'https://skill-map.ai/spec/v1/job.schema.json#/$defs/CredentialedJob',
  sidecar: 'https://skill-map.ai/spec/v1/sidecar.schema.json',
  annotations: 'https://skill-map.ai/spec/v1/annotations.schema.json',
  projectConfig: 'https://skill-map.ai/spec/v1/project-config.schema.json',
  restEnvelope: 'https://skill-map.ai/spec/v1/api/rest-envelope.schema.json',
  pluginManifest: 'https://skill-map.ai/spec/v1/plugins-registry.schema.json#/$defs/PluginManifest',
  pluginsRegistry: 'https://skill-map.ai/spec/v1/plugins-registry.schema.json#/$defs/PluginsRegistry',
  pluginsDoctor: 'https://skill-map.ai/spec/v1/plugins-doctor.schema.json',
  pluginsDoctorDetails: 'https://skill-map.ai/spec/v1/plugins-registry.schema.json#/$defs/PluginsDoctor',
  bumpReport: 'https://skill-map.ai/spec/v1/bump-report.schema.json',
  viewSlots: 'https://skill-map.ai/spec/v1/view-slots.schema.json',
  inputTypes: 'https://skill-map.ai/spec/v1/input-types.schema.json',
  viewContribution: 'https://skill-map.ai/spec/v1/plugins-registry.schema.json#/$defs/ViewContribution',
  executionRecord: 'https://skill-map.ai/spec/v1/execution-record.schema.json',
  historyStats: 'https://skill-map.ai/spec/v1/history-stats.schema.json',
  orphans: 'https://skill-map.ai/spec/v1/cli-orphans.schema.json#/$defs/Orphans',
  orphansReconcile: 'https://skill-map.ai/spec/v1/cli-orphans.schema.json#/$defs/Reconcile',
  orphansUndoRename: 'https://skill-map.ai/spec/v1/cli-orphans.schema.json#/$defs/UndoRename',
  doctor: 'https://skill-map.ai/spec/v1/cli-doctor.schema.json',
  dbReset: 'https://skill-map.ai/spec/v1/cli-db.schema.json#/$defs/DbReset',
  dbBackup: 'https://skill-map.ai/spec/v1/cli-db.schema.json#/$defs/DbBackup',
  dbRestore: 'https://skill-map.ai/spec/v1/cli-db.schema.json#/$defs/DbRestore',
  dbMigrate: 'https://skill-map.ai/spec/v1/cli-db.schema.json#/$defs/DbMigrate',
  actionsList: 'https://skill-map.ai/spec/v1/cli-actions.schema.json#/$defs/ActionsList',
  actionShow: 'https://skill-map.ai/spec/v1/cli-actions.schema.json#/$defs/ActionShow',
  actionRun: 'https://skill-map.ai/spec/v1/cli-actions.schema.json#/$defs/ActionRun',
  actionApplied: 'https://skill-map.ai/spec/v1/cli-actions.schema.json#/$defs/ActionApplied',
  sidecarsWrite: 'https://skill-map.ai/spec/v1/cli-sidecars.schema.json#/$defs/Write',
  sidecarsPrune: 'https://skill-map.ai/spec/v1/cli-sidecars.schema.json#/$defs/Prune',
  scaffold: 'https://skill-map.ai/spec/v1/cli-scaffold.schema.json',
  baseline: 'https://skill-map.ai/spec/v1/baseline.schema.json',
  extensionManifest: 'https://skill-map.ai/spec/v1/extensions/extension-manifest.schema.json',
  refreshReport: 'https://skill-map.ai/spec/v1/refresh-report.schema.json',
  enrichReport: 'https://skill-map.ai/spec/v1/enrich-report.schema.json',
  skillActionReport: 'https://skill-map.ai/spec/v1/skill-actions/report.schema.json',
  providerKind: 'https://skill-map.ai/spec/v1/extensions/provider-kind.schema.json',
} as const;

/** A short schema name accepted by {@link SpecValidator.validate}. */
export type SchemaName = keyof typeof SCHEMA_IDS;

/** A compiled validator over every spec schema. */
export interface SpecValidator {
  /** Validates `value` against the named schema. */
  validate(schema: SchemaName, value: unknown): ValidationResult;
}

type AddFormats = (ajv: Ajv2020) => Ajv2020;

/** Builds a validator with all schemas registered (strict mode, formats on). */
export function createSpecValidator(): SpecValidator {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
  // ajv-formats ships CJS with a default export; normalise both interop shapes.
  const mod = addFormatsModule as unknown as AddFormats | { default: AddFormats };
  const addFormats: AddFormats = typeof mod === 'function' ? mod : mod.default;
  addFormats(ajv);
  for (const schema of Object.values(ALL_SCHEMAS)) ajv.addSchema(schema);
  return {
    validate(name, value) {
      const check = ajv.getSchema(SCHEMA_IDS[name]);
      if (check === undefined) return { ok: false, errors: [`unknown schema ${name}`] };
      if (check(value) === true) return { ok: true };
      const errors = (check.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'invalid'}`);
      return { ok: false, errors };
    },
  };
}
