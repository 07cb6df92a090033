import { ANNOTATION_KEYS, SIDECAR_ROOT_KEYS } from '@skill-map/spec';
import { CORE_SCHEMA, load, YAMLException } from 'js-yaml';
import { FILE_BUDGET, valueOverBudget } from '../budget.js';
import type { ValueBudget } from '../budget.js';
import type { ParsedSidecar } from '../types.js';

const KNOWN_ROOT = new Set<string>(SIDECAR_ROOT_KEYS);
const KNOWN_ANNOTATIONS = new Set<string>(ANNOTATION_KEYS);
const SHA = /^[0-9a-f]{64}$/;
const OVER_WHAT: Readonly<Record<ValueBudget, string>> = {
  frontmatterValues: 'values once YAML aliases are expanded',
  frontmatterTextBytes: 'bytes of text once YAML aliases are expanded',
  frontmatterDepth: 'levels of nesting',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The node path a sidecar annotates: `foo.sm` → `foo.md`; `foo.toml.sm` → `foo.toml`. */
export function nodePathForSidecar(sidecarPath: string): string {
  const stem = sidecarPath.slice(0, -3);
  const base = stem.slice(stem.lastIndexOf('/') + 1);
  return base.includes('.') ? stem : `${stem}.md`;
}

function shapeErrors(annotations: Record<string, unknown> | null): string[] {
  if (annotations === null) return [];
  const errors: string[] = [];
  const list = annotations['issueSuppressions'];
  if (list !== undefined) {
    if (!Array.isArray(list)) errors.push('annotations.issueSuppressions must be a list');
    else
      list.forEach((entry, i) => {
        if (!isRecord(entry) || typeof entry['analyzer'] !== 'string' || typeof entry['value'] !== 'string') {
          errors.push(`annotations.issueSuppressions[${i}] needs string 'analyzer' and 'value'`);
        }
      });
  }
  const stability = annotations['stability'];
  if (
    stability !== undefined &&
    stability !== 'experimental' &&
    stability !== 'stable' &&
    stability !== 'deprecated'
  ) {
    errors.push("annotations.stability must be 'experimental', 'stable' or 'deprecated'");
  }
  return errors;
}

/**
 * Parses a `.sm` sidecar (YAML, read-only here: scans never write sidecars). Unknown root keys holding a mapping are
 * plugin namespaces; other unknown root keys, and annotation keys outside the catalog that are not namespaced
 * (`plugin:key` or `plugin/key`), are reported as unknown fields.
 */
export function parseSidecar(path: string, text: string): ParsedSidecar {
  const base = { path, forPath: nodePathForSidecar(path) };
  let doc: unknown;
  try {
    doc = text.trim() === '' ? {} : load(text, { schema: CORE_SCHEMA });
  } catch (error) {
    const reason = error instanceof YAMLException ? error.reason : String(error);
    const line =
      error instanceof YAMLException && error.mark !== undefined ? ` (line ${error.mark.line + 1})` : '';
    return {
      ...base,
      ok: false,
      root: null,
      annotations: null,
      identity: null,
      unknownFields: [],
      errors: [`${reason}${line}`],
    };
  }
  const over = valueOverBudget(doc);
  if (!isRecord(doc) || over !== null) {
    return {
      ...base,
      ok: false,
      root: null,
      annotations: null,
      identity: null,
      unknownFields: [],
      errors: [
        over === null
          ? 'the sidecar is not a YAML mapping'
          : `the sidecar is over the per-file budget (more than ${FILE_BUDGET[over]} ${OVER_WHAT[over]}); ` +
            'it was not used',
      ],
    };
  }
  const annotations = isRecord(doc['annotations']) ? doc['annotations'] : null;
  const errors = shapeErrors(annotations);
  if (doc['annotations'] !== undefined && annotations === null) errors.push('annotations must be a mapping');
  const id = isRecord(doc['identity']) ? doc['identity'] : null;
  const hashOf = (v: unknown): string | null => (typeof v === 'string' && SHA.test(v) ? v : null);
  const identity =
    id === null ? null : { bodyHash: hashOf(id['bodyHash']), frontmatterHash: hashOf(id['frontmatterHash']) };
  const unknownFields: string[] = [];
  for (const [key, value] of Object.entries(doc)) {
    if (!KNOWN_ROOT.has(key) && !isRecord(value)) unknownFields.push(key);
  }
  for (const key of Object.keys(annotations ?? {})) {
    if (!KNOWN_ANNOTATIONS.has(key) && !key.includes(':') && !key.includes('/'))
      unknownFields.push(`annotations.${key}`);
  }
  return {
    ...base,
    ok: errors.length === 0,
    root: doc,
    annotations,
    identity,
    unknownFields: unknownFields.sort(),
    errors,
  };
}
