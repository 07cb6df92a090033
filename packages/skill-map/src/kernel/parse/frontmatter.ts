import { CORE_SCHEMA, dump, load, YAMLException } from 'js-yaml';
import type { HashFn } from '../util/sha256.js';
import { fastDumpYaml, fastParseYaml } from './fast-yaml.js';

const OPEN = /^\uFEFF?---[ \t]*\r?\n/;
const CLOSE = /^(?:---|\.\.\.)[ \t]*\r?$/gm;
const LATE_OPEN = /^(?:[ \t]*\r?\n)+---[ \t]*\r?\n/;
const BLANK_OR_COMMENT = /^\s*(?:#.*)?$/;

/** Where the frontmatter block sits in a file, and what is left as body. */
export interface FrontmatterSplit {
  /** A `---` block opened on line 1 and was closed. */
  present: boolean;
  /** Raw YAML between the delimiters. */
  yaml: string;
  /** 1-based file line of the first YAML line. */
  yamlLine: number;
  /** Offset where the body starts (just after the closing delimiter line). */
  bodyOffset: number;
  body: string;
  /** Set when the block is present but malformed (never closed, or not on line 1). */
  malformedHint: string | null;
}

/** Splits `text` into frontmatter and body without parsing YAML (only when a `---` block exists). */
export function splitFrontmatter(text: string): FrontmatterSplit {
  const none = { present: false, yaml: '', yamlLine: 0, bodyOffset: 0, body: text, malformedHint: null };
  const open = OPEN.exec(text);
  if (open === null) {
    if (
      text.length > 0 &&
      (text.charCodeAt(0) === 10 || text.charCodeAt(0) === 13 || text.charCodeAt(0) === 32)
    ) {
      if (LATE_OPEN.test(text))
        return {
          ...none,
          malformedHint: "frontmatter must start on line 1: remove the blank lines above '---'",
        };
    }
    return none;
  }
  const yamlStart = open[0].length;
  CLOSE.lastIndex = yamlStart;
  const close = CLOSE.exec(text);
  if (close === null) {
    return {
      ...none,
      malformedHint: "frontmatter opened with '---' on line 1 is never closed: add a closing '---' line",
    };
  }
  let bodyOffset = close.index + close[0].length;
  if (text.charCodeAt(bodyOffset) === 10) bodyOffset += 1;
  return {
    present: true,
    yaml: text.slice(yamlStart, close.index),
    yamlLine: 2,
    bodyOffset,
    body: text.slice(bodyOffset),
    malformedHint: null,
  };
}

/** Outcome of parsing a frontmatter block. */
export type FrontmatterParse =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; reason: 'parse-error'; message: string; line: number; column: number }
  | { ok: false; reason: 'not-an-object'; type: string };

/** Parses the YAML of a split block (CORE schema: no custom tags, dates stay strings). */
export function parseFrontmatter(split: FrontmatterSplit): FrontmatterParse {
  const fast = fastParseYaml(split.yaml);
  if (fast !== null) return { ok: true, value: fast };
  let value: unknown;
  try {
    value = load(split.yaml, { schema: CORE_SCHEMA });
  } catch (error) {
    if (split.yaml.split('\n').every((line) => BLANK_OR_COMMENT.test(line))) return { ok: true, value: {} };
    const mark = error instanceof YAMLException ? error.mark : undefined;
    const reason = error instanceof YAMLException ? error.reason : String(error);
    return {
      ok: false,
      reason: 'parse-error',
      message: reason,
      line: (mark?.line ?? 0) + split.yamlLine,
      column: (mark?.column ?? 0) + 1,
    };
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return { ok: true, value: value as Record<string, unknown> };
  }
  return {
    ok: false,
    reason: 'not-an-object',
    type: value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value,
  };
}

/** Canonical frontmatter text for hashing: js-yaml dump, sorted keys, no line width, CORE schema (`''` when absent). */
export function canonicalFrontmatter(frontmatter: Record<string, unknown> | null): string {
  if (frontmatter === null) return '';
  const fast = fastDumpYaml(frontmatter);
  if (fast !== null) return fast;
  try {
    return dump(frontmatter, { sortKeys: true, lineWidth: -1, schema: CORE_SCHEMA });
  } catch {
    return JSON.stringify(frontmatter);
  }
}

/** sha256 of the canonical frontmatter dump (spec §8): shared by the scanner and the sidecar writer. */
export function hashFrontmatter(frontmatter: Record<string, unknown> | null, hash: HashFn): string {
  return hash(canonicalFrontmatter(frontmatter));
}
