// The JSONPath subset conformance cases use (RFC 9535): `$`, `.name`, `['name']`, `[n]` (negative from the end),
// `[*]` / `.*`, and filters `[?@.a.b == literal]` (also `?(...)`, with == != < <= > >=, or a bare `@.a` for
// existence), and `.length` of an array as the reference's cases use it. Anything else is refused with the
// position, so a case never passes by a path read wrongly.

/** A path the subset cannot read. */
export class JsonPathError extends Error {
  override readonly name = 'JsonPathError';
}

type Segment =
  | { kind: 'name'; name: string }
  | { kind: 'index'; index: number }
  | { kind: 'wildcard' }
  | { kind: 'filter'; path: string[]; op: string | null; literal: unknown };

const NAME = /^[A-Za-z_$][\w$-]*/;
const FILTER =
  /^\[\?\(?\s*@((?:\.[A-Za-z_$][\w$-]*)*)\s*(?:(==|!=|<=|>=|<|>)\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?|true|false|null))?\s*\)?\]/;

function literalOf(text: string): unknown {
  if (text.startsWith("'")) return text.slice(1, -1).replace(/\\'/g, "'");
  return JSON.parse(text) as unknown;
}

/** Parses a path into segments, or throws naming where it stopped. */
export function parseJsonPath(path: string): Segment[] {
  if (!path.startsWith('$')) throw new JsonPathError(`a JSONPath starts with $: '${path}'`);
  const out: Segment[] = [];
  let rest = path.slice(1);
  while (rest !== '') {
    let m: RegExpExecArray | null;
    if (rest.startsWith('.*') || rest.startsWith('[*]')) {
      out.push({ kind: 'wildcard' });
      rest = rest.slice(rest.startsWith('.*') ? 2 : 3);
    } else if (rest.startsWith('.') && (m = NAME.exec(rest.slice(1))) !== null) {
      out.push({ kind: 'name', name: m[0] });
      rest = rest.slice(1 + m[0].length);
    } else if ((m = /^\[(-?\d+)\]/.exec(rest)) !== null) {
      out.push({ kind: 'index', index: Number(m[1]) });
      rest = rest.slice(m[0].length);
    } else if ((m = /^\[(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")\]/.exec(rest)) !== null) {
      out.push({ kind: 'name', name: (m[1] ?? m[2] ?? '').replace(/\\(.)/g, '$1') });
      rest = rest.slice(m[0].length);
    } else if ((m = FILTER.exec(rest)) !== null) {
      const sub = (m[1] ?? '').split('.').filter((s) => s !== '');
      out.push({
        kind: 'filter',
        path: sub,
        op: m[2] ?? null,
        literal: m[3] === undefined ? null : literalOf(m[3]),
      });
      rest = rest.slice(m[0].length);
    } else {
      throw new JsonPathError(`unsupported JSONPath at '${rest}' in '${path}'`);
    }
  }
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function member(value: unknown, path: readonly string[]): { found: boolean; value: unknown } {
  let v = value;
  for (const name of path) {
    if (!isObject(v) || Array.isArray(v) || !Object.hasOwn(v, name))
      return { found: false, value: undefined };
    v = v[name];
  }
  return { found: true, value: v };
}

function compare(a: unknown, op: string, b: unknown): boolean {
  if (op === '==') return JSON.stringify(a) === JSON.stringify(b);
  if (op === '!=') return JSON.stringify(a) !== JSON.stringify(b);
  if (typeof a !== 'number' || typeof b !== 'number') return false;
  return op === '<' ? a < b : op === '<=' ? a <= b : op === '>' ? a > b : a >= b;
}

function children(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return isObject(value) ? Object.values(value) : [];
}

function step(values: unknown[], seg: Segment): unknown[] {
  const out: unknown[] = [];
  for (const v of values) {
    if (seg.kind === 'wildcard') out.push(...children(v));
    else if (seg.kind === 'name') {
      if (isObject(v) && !Array.isArray(v) && Object.hasOwn(v, seg.name)) out.push(v[seg.name]);
      // `.length` of an array: not RFC 9535, but the reference's cases use it (`$.nodes.length`).
      else if (Array.isArray(v) && seg.name === 'length') out.push(v.length);
    } else if (seg.kind === 'index') {
      if (Array.isArray(v)) {
        const i = seg.index < 0 ? v.length + seg.index : seg.index;
        if (i >= 0 && i < v.length) out.push(v[i]);
      }
    } else {
      for (const child of children(v)) {
        const m = member(child, seg.path);
        if (m.found && (seg.op === null || compare(m.value, seg.op, seg.literal))) out.push(child);
      }
    }
  }
  return out;
}

/** True when the path can select more than one value (a wildcard or a filter). */
export function isPlural(path: string): boolean {
  return parseJsonPath(path).some((s) => s.kind === 'wildcard' || s.kind === 'filter');
}

/** Every value the path selects in `doc`, in document order. */
export function queryJsonPath(doc: unknown, path: string): unknown[] {
  return parseJsonPath(path).reduce<unknown[]>((values, seg) => step(values, seg), [doc]);
}
