// One assertion of a conformance case against what an invocation left: its exit code, stdout, stderr and the
// scope folder. Each returns null when it holds, or a message saying what was found instead.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { ALL_SCHEMAS } from '@skill-map/spec';
import { globScope } from './glob-scope.js';
import { isPlural, queryJsonPath } from './json-path.js';
import type { Assertion, Invocation, SingleAssertion } from './types.js';

/** What an assertion reads besides the invocation: where the fixtures are, and schemas that replace ours. */
export interface AssertionContext {
  readonly fixturesDir: string;
  /** Schemas by file name (`--schemas <dir>`), used instead of ours under the same name. */
  readonly schemas?: Readonly<Record<string, object>>;
}

/** A case's regular expression; one that does not compile fails its assertion instead of the whole run. */
export function tests(pattern: string, text: string): boolean | string {
  try {
    return new RegExp(pattern, 'u').test(text);
  } catch (err) {
    return `/${pattern}/ is not a valid regular expression: ${(err as Error).message}`;
  }
}

export const show = (v: unknown): string => {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
};

function parsedStdout(run: Invocation): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(run.stdout) as unknown };
  } catch {
    return { ok: false, message: `stdout is not one JSON document: ${show(run.stdout.slice(0, 120))}` };
  }
}

/** A JSONPath comparison (equals / greaterThan / lessThan / matches) on a document; null when it holds. */
export interface Comparison {
  readonly path: string;
  readonly equals?: unknown;
  readonly greaterThan?: number;
  readonly lessThan?: number;
  readonly matches?: string;
}

function jsonPath(a: Extract<Assertion, { type: 'json-path' }>, run: Invocation): string | null {
  const doc = parsedStdout(run);
  if (!doc.ok) return doc.message;
  return compareAt(doc.value, a);
}

/** Null when the value at `a.path` of `doc` compares as `a` asks, else what was found. */
export function compareAt(doc: unknown, a: Comparison): string | null {
  const found = queryJsonPath(doc, a.path);
  if (!isPlural(a.path) && found.length === 0) return `${a.path} selects nothing`;
  const value = isPlural(a.path) ? found : found[0];
  if ('equals' in a && JSON.stringify(value) !== JSON.stringify(a.equals))
    return `${a.path} is ${show(value)}, expected ${show(a.equals)}`;
  if (a.greaterThan !== undefined && !(typeof value === 'number' && value > a.greaterThan))
    return `${a.path} is ${show(value)}, expected more than ${a.greaterThan}`;
  if (a.lessThan !== undefined && !(typeof value === 'number' && value < a.lessThan))
    return `${a.path} is ${show(value)}, expected less than ${a.lessThan}`;
  if (a.matches !== undefined) {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    const hit = tests(a.matches, text ?? '');
    if (typeof hit === 'string') return hit;
    if (!hit) return `${a.path} is ${show(value)}, expected to match /${a.matches}/`;
  }
  return null;
}

function oneFile(
  scope: string,
  pattern: string,
): { ok: true; path: string } | { ok: false; message: string } {
  const matches = globScope(scope, pattern);
  if (matches.length !== 1)
    return { ok: false, message: `${pattern} matches ${matches.length} files, expected exactly one` };
  return { ok: true, path: join(scope, matches[0] as string) };
}

/**
 * A validator for `schema` (a key of ALL_SCHEMAS, or of `overlay` which wins), at `pointer` inside it when given;
 * a message when unknown. An overlay schema whose `$id` is one of ours replaces ours for `$ref` too.
 */
function validatorFor(
  schema: string,
  pointer: string | undefined,
  overlay: Readonly<Record<string, object>> = {},
): ValidateFunction | string {
  const all: Record<string, { $id?: string }> = { ...(ALL_SCHEMAS as Record<string, { $id?: string }>) };
  const overlayIds = new Set(Object.values(overlay).map((s) => (s as { $id?: string }).$id));
  for (const [key, s] of Object.entries(all)) if (overlayIds.has(s.$id)) delete all[key];
  Object.assign(all, overlay);
  const root = all[schema];
  if (root === undefined) return `unknown schema '${schema}'`;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  for (const [key, s] of Object.entries(all)) ajv.addSchema(s, key);
  const validate = ajv.getSchema(pointer === undefined ? schema : `${root.$id ?? schema}#${pointer}`);
  return validate ?? `cannot resolve ${schema}#${pointer ?? ''}`;
}

/** Null when `doc` validates (each element of it with `each`: a non-empty array), else why not. */
export function matchesSchema(
  doc: unknown,
  schema: string,
  pointer: string | undefined,
  each = false,
  overlay?: Readonly<Record<string, object>>,
): string | null {
  const validate = validatorFor(schema, pointer, overlay);
  if (typeof validate === 'string') return validate;
  const name = `${schema}${pointer === undefined ? '' : `#${pointer}`}`;
  if (each) {
    if (!Array.isArray(doc) || doc.length === 0) return `each: the document is not a non-empty array`;
    const bad = doc.findIndex((el) => !validate(el));
    return bad < 0 ? null : `element ${bad} does not match ${name}: ${errorsText(validate.errors)}`;
  }
  return validate(doc) ? null : `does not match ${name}: ${errorsText(validate.errors)}`;
}

const errorsText = (errors: ValidateFunction['errors']): string =>
  (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`).join('; ');

function fileMatchesSchema(
  a: Extract<Assertion, { type: 'file-matches-schema' }>,
  scope: string,
  ctx: AssertionContext,
): string | null {
  const file = oneFile(scope, a.path);
  if (!file.ok) return file.message;
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file.path, 'utf8'));
  } catch {
    return `${a.path} is not JSON`;
  }
  const why = matchesSchema(doc, a.schema, a.schemaPointer, false, ctx.schemas);
  return why === null ? null : `${a.path} ${why}`;
}

function stdoutMatchesSchema(
  a: Extract<Assertion, { type: 'stdout-matches-schema' }>,
  run: Invocation,
  ctx: AssertionContext,
): string | null {
  const doc = parsedStdout(run);
  if (!doc.ok) return doc.message;
  const why = matchesSchema(doc.value, a.schema, a.schemaPointer, a.each === true, ctx.schemas);
  return why === null ? null : `stdout ${why}`;
}

/** The first stdout line (NDJSON) holding every key of `a.match`, then the comparison on it when one is given. */
function ndjsonLine(a: Extract<SingleAssertion, { type: 'ndjson-line' }>, run: Invocation): string | null {
  const lines = run.stdout.split('\n').filter((l) => l.trim() !== '');
  const docs: unknown[] = [];
  for (const [i, line] of lines.entries()) {
    try {
      docs.push(JSON.parse(line));
    } catch {
      return `stdout line ${i + 1} is not JSON: ${show(line.slice(0, 120))}`;
    }
  }
  const hit = docs.find(
    (d) =>
      typeof d === 'object' &&
      d !== null &&
      Object.entries(a.match).every(
        ([k, v]) => JSON.stringify((d as Record<string, unknown>)[k]) === JSON.stringify(v),
      ),
  );
  if (hit === undefined) return `no stdout line matches ${show(a.match)}`;
  return a.path === undefined ? null : compareAt(hit, { ...a, path: a.path });
}

/** Evaluates one assertion on a single invocation; null when it holds. */
export function evaluateAssertion(
  a: SingleAssertion,
  run: Invocation,
  scope: string,
  ctx: AssertionContext,
): string | null {
  switch (a.type) {
    case 'exit-code':
      return run.exitCode === a.value ? null : `exit code ${String(run.exitCode)}, expected ${a.value}`;
    case 'json-path':
      return jsonPath(a, run);
    case 'file-exists':
      return globScope(scope, a.path).length > 0 ? null : `no file matches ${a.path}`;
    case 'file-contains-verbatim': {
      const file = oneFile(scope, a.path);
      if (!file.ok) return file.message;
      const wanted = readFileSync(join(ctx.fixturesDir, a.fixture));
      return readFileSync(file.path).includes(wanted)
        ? null
        : `${a.path} does not contain fixture ${a.fixture}`;
    }
    case 'file-matches-schema':
      return fileMatchesSchema(a, scope, ctx);
    case 'stdout-matches-schema':
      return stdoutMatchesSchema(a, run, ctx);
    case 'stdout-contains-verbatim':
      return run.stdout.includes(readFileSync(join(ctx.fixturesDir, a.fixture), 'utf8'))
        ? null
        : `stdout does not contain fixture ${a.fixture}`;
    case 'stderr-matches': {
      const hit = tests(a.pattern, run.stderr);
      return typeof hit === 'string' ? hit : hit ? null : `stderr does not match /${a.pattern}/`;
    }
    case 'ndjson-line':
      return ndjsonLine(a, run);
  }
}
