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
