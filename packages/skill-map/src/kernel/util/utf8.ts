/** Number of bytes `text` takes once UTF-8 encoded, without allocating (lone surrogates count as 3, like TextEncoder). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** True when the text looks binary: a NUL character in its first 8 KiB. */
export function looksBinary(text: string): boolean {
  const at = text.indexOf('\u0000');
  return at >= 0 && at < 8192;
}
