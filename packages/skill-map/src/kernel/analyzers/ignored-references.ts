/** Compiles the `ignored-references` match-list: `/re/` (unanchored, case-sensitive), globs (`*`, `**`), or literals. */
export function compileIgnoredReferences(entries: readonly string[]): (target: string) => boolean {
  const literals = new Set<string>();
  const patterns: RegExp[] = [];
  for (const entry of entries) {
    if (entry.length > 2 && entry.startsWith('/') && entry.endsWith('/')) {
      try {
        patterns.push(new RegExp(entry.slice(1, -1)));
      } catch {
        literals.add(entry);
      }
    } else if (entry.includes('*')) {
      const body = entry
        .split('**')
        .map((part) =>
          part
            .split('*')
            .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
            .join('[^/]*'),
        )
        .join('.*');
      patterns.push(new RegExp(`^${body}$`));
    } else literals.add(entry);
  }
  return (target) => literals.has(target) || patterns.some((re) => re.test(target));
}
