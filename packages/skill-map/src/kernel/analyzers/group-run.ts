/**
 * Groups link indices `start..end-1` by `key(i)` (skipping null keys), in first-seen order. Runs are short (a few
 * links per file), so small runs use a linear scan instead of allocating a Map per file.
 */
export function groupRun(start: number, end: number, key: (i: number) => string | null): number[][] {
  const groups: number[][] = [];
  if (end - start <= 16) {
    const keys: string[] = [];
    for (let i = start; i < end; i++) {
      const k = key(i);
      if (k === null) continue;
      const at = keys.indexOf(k);
      if (at < 0) {
        keys.push(k);
        groups.push([i]);
      } else groups[at]!.push(i);
    }
    return groups;
  }
  const byKey = new Map<string, number[]>();
  for (let i = start; i < end; i++) {
    const k = key(i);
    if (k === null) continue;
    const list = byKey.get(k);
    if (list === undefined) {
      const fresh = [i];
      byKey.set(k, fresh);
      groups.push(fresh);
    } else list.push(i);
  }
  return groups;
}
