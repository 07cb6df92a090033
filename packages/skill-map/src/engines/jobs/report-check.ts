import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { ExtensionCatalog, ProbExtension } from '../extensions/types.js';

/**
 * Compiled report validators per catalog, one per extension id + version: compiled once for the life of the
 * catalog (a long-running `sm serve` compiles each schema once), dropped with it.
 */
const byCatalog = new WeakMap<ExtensionCatalog, Map<string, ValidateFunction>>();

/** What checking a report said. */
export type ReportCheck =
  | { ok: true; report: Record<string, unknown> }
  | { ok: false; kind: 'report-invalid' | 'schema-unresolved'; detail: string };

function validatorOf(catalog: ExtensionCatalog, ext: ProbExtension): ValidateFunction | string {
  let validators = byCatalog.get(catalog);
  if (validators === undefined) {
    validators = new Map();
    byCatalog.set(catalog, validators);
  }
  const key = `${ext.id}@${ext.version}`;
  const hit = validators.get(key);
  if (hit !== undefined) return hit;
  try {
    const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
    const fn = ajv.compile(ext.reportSchema);
    validators.set(key, fn);
    return fn;
  } catch (err) {
    return `the report schema of ${key} does not compile: ${(err as Error).message}`;
  }
}

/** Parses the report text and validates it against the extension's report schema (draft 2020-12). */
export function checkReport(catalog: ExtensionCatalog, ext: ProbExtension, text: string): ReportCheck {
  const validate = validatorOf(catalog, ext);
  if (typeof validate === 'string') return { ok: false, kind: 'schema-unresolved', detail: validate };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, kind: 'report-invalid', detail: `the report is not JSON: ${(err as Error).message}` };
  }
  if (!validate(value)) {
    const errors = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath === '' ? '(root)' : e.instancePath} ${e.message ?? 'is invalid'}`);
    return {
      ok: false,
      kind: 'report-invalid',
      detail: `the report does not satisfy the ${ext.id} report schema: ${errors.join('; ')}`,
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, kind: 'report-invalid', detail: 'the report must be a JSON object' };
  return { ok: true, report: value as Record<string, unknown> };
}
