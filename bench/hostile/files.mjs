// The hostile inputs of `npm run bench:hostile` (the same shapes test/support/hostile-files.ts gives the suites).

/** Frontmatter whose 9 anchored lists each hold 9 aliases of the previous one (9^9 strings once expanded). */
export function aliasBomb() {
  const names = 'abcdefghi';
  const lines = ['---', 'name: bomb', `a: &a [${Array(9).fill('"lol"').join(',')}]`];
  for (let i = 1; i < 9; i++)
    lines.push(
      `${names[i]}: &${names[i]} [${Array(9)
        .fill(`*${names[i - 1]}`)
        .join(',')}]`,
    );
  return `${lines.join('\n')}\n---\nA skill that explodes.\n`;
}

/** YAML lines anchoring one string that fills the rest of `totalBytes` and aliasing it `outer × inner` times. */
function aliasedLines(indent, totalBytes, outer, inner) {
  const aliases =
    inner === 0
      ? `${indent}l: [${Array(outer).fill('*s').join(',')}]\n`
      : `${indent}a: &a [${Array(inner).fill('*s').join(',')}]\n${indent}l: [${Array(outer).fill('*a').join(',')}]\n`;
  const head = `${indent}s: &s "`;
  return `${head}${'x'.repeat(totalBytes - head.length - 2 - aliases.length)}"\n${aliases}`;
}

/**
 * A markdown file of `kb` KB whose frontmatter aliases one long string: `flat` lists 9,980 aliases of a ~30 KB string
 * (the 60 KB file), `nested` aliases a list of 98 aliases 99 times (the 64 KB file). Both stay under 10,000 values.
 */
export function aliasedStringFile(kb, shape) {
  const open = '---\nname: aliased\n';
  const close = '---\nA file whose frontmatter repeats one long string.\n';
  const [outer, inner] = shape === 'flat' ? [9980, 0] : [99, 98];
  return `${open}${aliasedLines('', kb * 1024 - open.length - close.length, outer, inner)}${close}`;
}

/** A `.sm` sidecar of `kb` KB whose plugin namespace aliases one long string 9,801 times. */
export function aliasedStringSidecar(kb) {
  const open = 'notes:\n';
  return `${open}${aliasedLines('  ', kb * 1024 - open.length, 99, 98)}`;
}

/** 50 MB of ordinary prose with links. */
export function hugeMarkdown() {
  const line = 'Some prose about [the guide](guide.md) and `docs/other.md`, repeated to fill the file.\n';
  return line.repeat(Math.ceil((50 * 1024 * 1024) / line.length));
}
