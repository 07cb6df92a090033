import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { AnnotationsSchema, SidecarSchema } from '@skill-map/spec';

let compiled: ValidateFunction | null = null;

function validator(): ValidateFunction {
  if (compiled === null) {
    // `format` is an annotation here (no format plugin ships); the kernel does not check formats either.
    const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
    ajv.addSchema(AnnotationsSchema);
    compiled = ajv.compile(SidecarSchema);
  }
  return compiled;
}

function describe(e: ErrorObject): string {
  const where = e.instancePath === '' ? 'the sidecar' : e.instancePath.slice(1).replace(/\//g, '.');
  return `${where} ${e.message ?? 'is invalid'}`;
}

/** The spec Sidecar schema's complaints about `doc` ([] when it validates). */
export function sidecarSchemaErrors(doc: unknown): string[] {
  const validate = validator();
  return validate(doc) ? [] : (validate.errors ?? []).map(describe);
}
