// The host schema checks (issue 25): a host's documented frontmatter / config fields, kept as data (one file per
// host), and the walk that holds a parsed document to them. Two kernel-stamped rules come out of it:
// `host-field-unknown` (a field the host does not document: warn with a near miss, info otherwise) and
// `host-field-invalid` (a documented field with a wrong value type or a value outside its documented set).
import type { Issue } from '@skill-map/spec';
import { nearest } from '../analyzers/checks/values.js';

/** The shape of a value: `strings` is a string or a list of strings (both documented forms of tool lists, globs). */
export type ValueType = 'string' | 'boolean' | 'number' | 'integer' | 'strings' | 'list' | 'object' | 'any';

/** One documented field. */
export interface FieldSpec {
  readonly type: ValueType;
  /** The documented values of a string field (case-sensitive). */
  readonly values?: readonly string[];
  /** The documented keys of an object field. */
  readonly fields?: FieldMap;
  /** Every value of an object field whose keys are free (hook events, server names). */
  readonly entries?: FieldSpec;
  /** Every item of a list field. */
  readonly items?: FieldSpec;
  /** For an object with `fields`: unknown keys are not reported unless near a known one. */
  readonly open?: boolean;
}

export type FieldMap = Readonly<Record<string, FieldSpec>>;

/** What a host documents for one kind of file. */
export interface HostSchema {
  /** The host's name as users know it (`Claude Code`). */
  readonly host: string;
  /** What the file is to the host (`subagent`, `skill`, `settings file`). */
  readonly what: string;
  readonly fields: FieldMap;
  /**
   * Unknown top-level fields are passed on or tolerated by the host (OpenCode hands them to the model provider):
   * reported only when they are a near miss of a documented one.
   */
  readonly open?: boolean;
  /** Known confusions a near-miss search cannot find (`tools` on a skill → `allowed-tools`). */
  readonly confusions?: Readonly<Record<string, string>>;
}

/** At most this many schema issues per file (a file of another format should not flood the report). */
const MAX_ISSUES = 30;

const describe = (v: unknown): string => {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  if (typeof v === 'number' || typeof v === 'boolean') return `${typeof v} ${String(v)}`;
  return 'a mapping';
};

const EXPECTED: Record<ValueType, string> = {
  string: 'a string',
  boolean: 'true or false',
  number: 'a number',
  integer: 'a whole number',
  strings: 'a string or a list of strings',
  list: 'a list',
  object: 'a mapping',
  any: 'any value',
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function typeMatches(v: unknown, type: ValueType): boolean {
  switch (type) {
    case 'string':
      return typeof v === 'string';
    case 'boolean':
      return typeof v === 'boolean';
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'strings':
      return typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string'));
    case 'list':
      return Array.isArray(v);
    case 'object':
      return isRecord(v);
    case 'any':
      return true;
  }
}

/** Where a field is written in the file (1-based line of a top-level key), or null when not found. */
export type LineOf = (field: string) => number | null;

/** Holds `doc` to `schema`; answers the issues of file `path`. */
export function checkDocument(
  path: string,
  schema: HostSchema,
  doc: Record<string, unknown>,
  lineOf: LineOf = () => null,
): Issue[] {
  const out: Issue[] = [];
  const where = `${/^[AEIOU]/.test(schema.host) ? 'an' : 'a'} ${schema.host} ${schema.what}`;
  const emit = (
    rule: 'host-field-unknown' | 'host-field-invalid',
    severity: Issue['severity'],
    field: string,
    message: string,
    hint: string,
    extra: Record<string, unknown> = {},
  ): void => {
    if (out.length >= MAX_ISSUES) return;
    const top = field.split(/[.[]/)[0]!;
    const line = lineOf(top);
    out.push({
      analyzerId: rule,
      severity,
      nodeIds: [path],
      message,
      fix: { hint },
      data: { target: field, field, host: schema.host, ...extra, ...(line === null ? {} : { line }) },
    });
  };

  const unknownKey = (
    key: string,
    known: FieldMap,
    open: boolean,
    at: string,
    present: Set<string>,
  ): void => {
    // Where unknown fields are passed on (OpenCode's provider options: `top_k` beside `top_p`), short keys are
    // too likely to be meant as they are.
    if (open && key.length < 6) return;
    const candidates = Object.keys(known).filter((k) => !present.has(k));
    const near =
      (at === '' ? schema.confusions?.[key] : undefined) ??
      nearest(key, candidates) ??
      // A documented field with a unit or qualifier the key left out (`startup_timeout` → `startup_timeout_sec`).
      candidates.find((k) => k.startsWith(`${key}_`) || k.startsWith(`${key}-`));
    const field = at === '' ? key : `${at}.${key}`;
    if (near === null || near === undefined) {
      if (open) return;
      emit(
        'host-field-unknown',
        'info',
        field,
        `'${field}' is not a documented field of ${where}; the host ignores it`,
        'remove it, or keep it if another tool reads it (dismiss the issue)',
      );
      return;
    }
    const nearField = at === '' ? near : `${at}.${near}`;
    emit(
      'host-field-unknown',
      'warn',
      field,
      `'${field}' is not a field of ${where}: did you mean '${nearField}'?`,
      `rename '${field}' to '${nearField}'`,
      { suggestion: nearField },
    );
  };

  const checkValue = (v: unknown, spec: FieldSpec, field: string): void => {
    if (v === null || v === undefined || spec.type === 'any') return;
    if (!typeMatches(v, spec.type)) {
      emit(
        'host-field-invalid',
        'warn',
        field,
        `'${field}' should be ${EXPECTED[spec.type]} for ${where}, not ${describe(v)}`,
        `write '${field}' as ${EXPECTED[spec.type]}`,
        { expected: spec.type },
      );
      return;
    }
    if (spec.values !== undefined && typeof v === 'string' && !spec.values.includes(v)) {
      const near = nearest(v, spec.values);
      emit(
        'host-field-invalid',
        'warn',
        field,
        `'${field}: ${v}' is not a value ${schema.host} accepts (${spec.values.join(', ')})${near === null ? '' : `: did you mean '${near}'?`}`,
        near === null ? `use one of ${spec.values.join(', ')}` : `write '${near}'`,
        { value: v, expected: spec.values, ...(near === null ? {} : { suggestion: near }) },
      );
    }
    if (Array.isArray(v) && spec.items !== undefined)
      v.forEach((item, i) => checkValue(item, spec.items!, `${field}[${i}]`));
    if (isRecord(v)) {
      if (spec.fields !== undefined) checkObject(v, spec.fields, spec.open === true, field);
      if (spec.entries !== undefined)
        for (const [k, item] of Object.entries(v)) checkValue(item, spec.entries, `${field}.${k}`);
    }
  };

  const checkObject = (obj: Record<string, unknown>, known: FieldMap, open: boolean, at: string): void => {
    const present = new Set(Object.keys(obj));
    for (const [key, value] of Object.entries(obj)) {
      const spec = Object.hasOwn(known, key) ? known[key] : undefined;
      if (spec === undefined) {
        if (at === '' && isSmMetadata(key, value)) continue;
        unknownKey(key, known, open, at, present);
      } else checkValue(value, spec, at === '' ? key : `${at}.${key}`);
    }
  };

  checkObject(doc, schema.fields, schema.open === true, '');
  return out;
}

/**
 * A top-level `metadata` holding only `sm-` keys (the inline suppressions' frontmatter form, `metadata.sm-disable`)
 * on a file whose host does not document `metadata`: ours, never reported as an unknown field.
 */
function isSmMetadata(key: string, value: unknown): boolean {
  if (key !== 'metadata' || !isRecord(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => k.startsWith('sm-'));
}

/** A `LineOf` over a YAML frontmatter block (`key:`) or a TOML document (`key =`) starting at line 1 of `text`. */
export function keyLines(text: string, end: number, style: 'yaml' | 'toml'): LineOf {
  return (field) => {
    const escaped = field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const re = new RegExp(`^["']?${escaped}["']?\\s*${style === 'yaml' ? ':' : '='}`, 'm');
    const m = re.exec(text.slice(0, end));
    if (m === null) return null;
    let line = 1;
    for (let i = 0; i < m.index; i++) if (text.charCodeAt(i) === 10) line++;
    return line;
  };
}
