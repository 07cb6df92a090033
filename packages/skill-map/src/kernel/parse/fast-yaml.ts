// Fast paths for the common frontmatter shape (flat `key: scalar` / `key: [a, b]` maps). Each returns null ("bail")
// on anything outside its narrow subset, and the caller falls back to js-yaml. A differential test proves both agree
// with js-yaml (CORE schema) on everything they accept. js-yaml costs ~100 µs per file, which the 10k-node budget
// cannot afford.

const LINE = /^([A-Za-z_][A-Za-z0-9_-]*):(?:[ \t]+(.*?))?[ \t]*$/;
const PLAIN_IN = /^[A-Za-z][^#:[\]{},&*!|>'"%@`\\]*$/;
const PLAIN_OUT = /^[A-Za-z][A-Za-z0-9 ,.()/_;-]*[A-Za-z0-9.)]$|^[A-Za-z]$/;
const KEY_OUT = /^[A-Za-z][A-Za-z0-9_-]*$/;
const TRUE = new Set(['true', 'True', 'TRUE']);
const FALSE = new Set(['false', 'False', 'FALSE']);
const NULL = new Set(['null', 'Null', 'NULL']);

type Scalar = string | boolean | null;
const BAIL = Symbol('bail');

function scalarIn(raw: string): Scalar | typeof BAIL {
  const v = raw.trim();
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) {
    const inner = v.slice(1, -1);
    return inner.includes('"') || inner.includes('\\') ? BAIL : inner;
  }
  if (v.length >= 2 && v.startsWith("'") && v.endsWith("'")) {
    const inner = v.slice(1, -1);
    return inner.includes("'") ? BAIL : inner;
  }
  if (!PLAIN_IN.test(v)) return BAIL;
  if (TRUE.has(v)) return true;
  if (FALSE.has(v)) return false;
  if (NULL.has(v)) return null;
  return v;
}

/** Parses a flat frontmatter map, or returns null when the YAML is outside the fast subset. */
export function fastParseYaml(yaml: string): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  let any = false;
  for (const rawLine of yaml.split('\n')) {
    const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    if (line.trim() === '') continue;
    const m = LINE.exec(line);
    if (m === null) return null;
    const key = m[1]!;
    if (key === '__proto__' || Object.prototype.hasOwnProperty.call(out, key)) return null;
    const raw = m[2];
    any = true;
    if (raw === undefined || raw === '') {
      out[key] = null;
    } else if (raw.startsWith('[')) {
      if (!raw.endsWith(']')) return null;
      const inner = raw.slice(1, -1);
      if (inner.trim() === '') {
        out[key] = [];
        continue;
      }
      const items: string[] = [];
      for (const part of inner.split(',')) {
        const item = scalarIn(part);
        if (typeof item !== 'string') return null;
        items.push(item);
      }
      out[key] = items;
    } else {
      const value = scalarIn(raw);
      if (value === BAIL) return null;
      out[key] = value;
    }
  }
  return any ? out : null;
}

function scalarOut(value: unknown): string | null {
  if (value === null) return 'null';
  if (value === true) return 'true';
  if (value === false) return 'false';
  if (typeof value !== 'string' || !PLAIN_OUT.test(value)) return null;
  if (TRUE.has(value) || FALSE.has(value) || NULL.has(value)) return null;
  return value;
}

/** Dumps a flat map exactly as js-yaml would (sorted keys, no line width), or null outside the fast subset. */
export function fastDumpYaml(map: Record<string, unknown>): string | null {
  const keys = Object.keys(map).sort();
  if (keys.length === 0) return null;
  let out = '';
  for (const key of keys) {
    if (!KEY_OUT.test(key) || TRUE.has(key) || FALSE.has(key) || NULL.has(key)) return null;
    const value = map[key];
    if (Array.isArray(value)) {
      if (value.length === 0) {
        out += `${key}: []\n`;
        continue;
      }
      out += `${key}:\n`;
      for (const item of value) {
        if (typeof item !== 'string') return null;
        const s = scalarOut(item);
        if (s === null) return null;
        out += `  - ${s}\n`;
      }
    } else {
      const s = scalarOut(value);
      if (s === null) return null;
      out += `${key}: ${s}\n`;
    }
  }
  return out;
}
