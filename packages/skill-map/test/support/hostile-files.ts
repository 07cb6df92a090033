// Hostile inputs for the scanner (cross-process suites): a YAML alias bomb, a 50 MB markdown file, and a file whose
// analysis throws (the throw is injected into the child with an `--import` hook, since no input is known to make
// the kernel throw today).
import { importFlag } from './sm-bin.js';

/** Frontmatter whose 9 anchored lists each hold 9 aliases of the previous one: 9^9 (387 million) strings once expanded. */
export function aliasBomb(levels = 9): string {
  const names = 'abcdefghijklmnop';
  const lines = ['---', 'name: bomb', `a: &a [${Array(9).fill('"lol"').join(',')}]`];
  for (let i = 1; i < levels; i++) {
    const prev = names[i - 1]!;
    lines.push(`${names[i]!}: &${names[i]!} [${Array(9).fill(`*${prev}`).join(',')}]`);
  }
  return `${lines.join('\n')}\n---\nA skill that explodes.\n`;
}

/** A markdown file of `megabytes` MB of ordinary prose with links. */
export function hugeMarkdown(megabytes = 50): Buffer {
  const line = 'Some prose about [the guide](guide.md) and `docs/other.md`, repeated to fill the file.\n';
  return Buffer.from(line.repeat(Math.ceil((megabytes * 1024 * 1024) / line.length)));
}

/** The first line of a file whose analysis the {@link throwInAnalysisFlags} hook makes throw. */
export const THROW_MARKER = '<!-- sm-test: analysis throws -->';

/**
 * Node flags that make the kernel's per-file analysis throw for a file whose text starts with {@link THROW_MARKER}:
 * the binary sniff (`text.indexOf('\u0000')`) is the first thing it does with a node file's text.
 */
export function throwInAnalysisFlags(): string[] {
  return importFlag(
    `const real = String.prototype.indexOf;
     String.prototype.indexOf = function (search, ...rest) {
       if (search === '\\u0000' && this.startsWith(${JSON.stringify(THROW_MARKER)})) throw new TypeError('injected analysis failure');
       return real.call(this, search, ...rest);
     };`,
  );
}

/** YAML lines anchoring one string that fills the rest of `totalBytes` and aliasing it `outer × inner` times. */
function aliasedLines(indent: string, totalBytes: number, outer: number, inner: number): string {
  const aliases =
    inner === 0
      ? `${indent}l: [${Array(outer).fill('*s').join(',')}]\n`
      : `${indent}a: &a [${Array(inner).fill('*s').join(',')}]\n${indent}l: [${Array(outer).fill('*a').join(',')}]\n`;
  const head = `${indent}s: &s "`;
  return `${head}${'x'.repeat(totalBytes - head.length - 2 - aliases.length)}"\n${aliases}`;
}

/**
 * A markdown file of `kb` KB whose frontmatter aliases one long string: `flat` (the 60 KB shape) lists 9,980 aliases
 * of a string that fills the rest (~30 KB), ~300 MB once expanded; `nested` (the 64 KB shape) aliases a list of 98
 * aliases 99 times (9,801 copies of a ~64 KB string, past V8's longest string once stored as JSON). Both stay under
 * the 10,000-value budget.
 */
export function aliasedStringFile(kb: number, shape: 'flat' | 'nested'): string {
  const open = '---\nname: big\n';
  const close = '---\nA file whose frontmatter repeats one long string.\n';
  const [outer, inner] = shape === 'flat' ? [9980, 0] : [99, 98];
  const yaml = aliasedLines('', kb * 1024 - open.length - close.length, outer, inner);
  return `${open}${yaml}${close}`;
}

/** A `.sm` sidecar of `kb` KB whose plugin namespace aliases one long string 9,801 times (the nested shape). */
export function aliasedStringSidecar(kb: number): string {
  const open = 'notes:\n';
  return `${open}${aliasedLines('  ', kb * 1024 - open.length, 99, 98)}`;
}

/**
 * Node flags that make storing the analysed record of `path` throw, as a record past V8's longest string once did
 * (`JSON.stringify`: "Invalid string length"). The record of a failed file (no node) stores as usual.
 */
export function throwOnStoreFlags(path: string): string[] {
  return importFlag(
    `const real = JSON.stringify;
     JSON.stringify = function (value, ...rest) {
       const record = value !== null && typeof value === 'object' && typeof value.cacheKey === 'string';
       if (record && value.path === ${JSON.stringify(path)} && value.node) throw new RangeError('Invalid string length');
       return real.call(this, value, ...rest);
     };`,
  );
}
