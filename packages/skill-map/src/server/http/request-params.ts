import { badQuery, ServerError } from '../errors.js';
import type { Page } from '../read/map-reader.js';

const B64URL = /^[A-Za-z0-9_-]+$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Encodes a node path as `:pathB64` (base64url of the UTF-8 bytes, no padding). */
export function encodePathB64(path: string): string {
  return Buffer.from(path, 'utf8').toString('base64url');
}

/** Decodes `:pathB64`; anything but canonical unpadded base64url of valid UTF-8 is a 400. */
export function decodePathB64(segment: string): string {
  if (!B64URL.test(segment) || segment.length % 4 === 1)
    throw badQuery('pathB64 must be base64url without padding', { pathB64: segment });
  const bytes = Buffer.from(segment, 'base64url');
  if (bytes.toString('base64url') !== segment)
    throw badQuery('pathB64 is not canonical base64url', { pathB64: segment });
  try {
    const path = utf8.decode(bytes);
    if (path.length === 0) throw new Error('empty');
    return path;
  } catch (err) {
    throw new ServerError('bad-query', 'pathB64 does not decode to a UTF-8 path', {
      details: { pathB64: segment },
      cause: err,
    });
  }
}

/** Parses an optional non-negative integer query value. */
function intParam(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^-?\d+$/.test(raw)) throw badQuery(`${name} must be an integer`, { [name]: raw });
  return Number(raw);
}

/** Paging: limit defaults to `def`, clamps to [1, max]; offset >= 0 (negative is a 400). */
export function parsePage(
  limitRaw: string | undefined,
  offsetRaw: string | undefined,
  def = 100,
  max = 1000,
): Page {
  const limit = intParam('limit', limitRaw);
  const offset = intParam('offset', offsetRaw) ?? 0;
  if (offset < 0) throw badQuery('offset must be >= 0', { offset });
  return { limit: Math.min(max, Math.max(1, limit ?? def)), offset };
}

/** Parses `limit` for capped projections (branch, query): undefined when absent. */
export function parseOptionalLimit(raw: string | undefined): number | undefined {
  return intParam('limit', raw);
}

/** Joins repeated and comma-separated values into one trimmed, de-duplicated list (undefined when empty). */
export function csvList(values: readonly string[] | undefined): string[] | undefined {
  if (values === undefined) return undefined;
  const out: string[] = [];
  for (const v of values.flatMap((x) => x.split(','))) {
    const t = v.trim();
    if (t.length > 0 && !out.includes(t)) out.push(t);
  }
  return out.length === 0 ? undefined : out;
}

/** `1|true` → true, `0|false` → false, absent → undefined; anything else is a 400. */
export function boolParam(name: string, raw: string | undefined): boolean | undefined {
  if (raw === undefined) return undefined;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw badQuery(`${name} must be 1, 0, true or false`, { [name]: raw });
}
