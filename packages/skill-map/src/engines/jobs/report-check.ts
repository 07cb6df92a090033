import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { FindingsReportSchema } from '@skill-map/spec';
import type { ProbExtension } from '../extensions/types.js';

/**
 * Compiled report validators per report schema object: a built-in's schema is one object for the life of the
 * process (a long-running `sm serve` compiles it once); a drop-in finder's is read afresh by each catalog refresh,
 * so an edited schema is never checked with an old validator.
 */
const bySchema = new WeakMap<object, ValidateFunction>();

/** What checking a report said. */
export type ReportCheck =
  | { ok: true; report: Record<string, unknown> }
  | { ok: false; kind: 'report-invalid' | 'schema-unresolved'; detail: string };

function validatorOf(ext: ProbExtension): ValidateFunction | string {
  const hit = bySchema.get(ext.reportSchema);
  if (hit !== undefined) return hit;
  try {
    const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
    // A drop-in finder's schema extends the findings envelope by `$ref`: resolvable here, never fetched.
    ajv.addSchema(FindingsReportSchema);
    const fn = ajv.compile(ext.reportSchema);
    bySchema.set(ext.reportSchema, fn);
    return fn;
  } catch (err) {
    return `the report schema of ${ext.id}@${ext.version} does not compile: ${(err as Error).message}`;
  }
}

/** Parses the report text and validates it against the extension's report schema (draft 2020-12). */
export function checkReport(ext: ProbExtension, text: string): ReportCheck {
  const validate = validatorOf(ext);
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
