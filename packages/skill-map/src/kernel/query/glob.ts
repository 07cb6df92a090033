/**
 * Compiles an export-grammar glob: anchored full match, `**` = any characters including `/`, `*` = any run without
 * `/`; every other character is literal (no `?`, braces or classes).
 */
export function compileGlob(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        re += '.*';
        i++;
      } else re += '[^/]*';
    } else re += c.replace(/[.+?^${}()|[\]\\/-]/g, '\\$&');
  }
  return new RegExp(`^${re}$`, 's');
}
