// The subset of npm semver ranges a plugin's `specCompat` uses: `||` alternatives of space-separated comparators
// (`>=1.0.0 <2.0.0`), caret (`^1.2.3`), tilde (`~1.2.3`), exact (`1.2.3`, `=1.2.3`), x-ranges (`1.x`, `*`).
// Pre-release tags are compared as the bare version (the spec ships no pre-releases).

type Version = [number, number, number];

function parse(text: string): { v: Version; wild: number } | null {
  const m =
    /^v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/.exec(
      text.trim(),
    );
  if (m === null) return null;
  const parts = [m[1], m[2], m[3]];
  const wild = parts.findIndex((p) => p === undefined || /^[xX*]$/.test(p));
  const v = parts.map((p) => (p === undefined || /^[xX*]$/.test(p) ? 0 : Number(p))) as Version;
  return { v, wild: wild === -1 ? 3 : wild };
}

function cmp(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

function bump(v: Version, at: number): Version {
  if (at === 0) return [v[0] + 1, 0, 0];
  if (at === 1) return [v[0], v[1] + 1, 0];
  return [v[0], v[1], v[2] + 1];
}

/** One comparator set as [lower inclusive, upper exclusive] bounds; null when the text is not a range. */
function comparator(token: string): ((v: Version) => boolean) | null {
  const m = /^(\^|~|>=|<=|>|<|=)?\s*(.+)$/.exec(token);
  if (m === null) return null;
  const op = m[1] ?? '';
  const p = parse(m[2]!);
  if (p === null) return null;
  const { v, wild } = p;
  if (op === '^') {
    const at = v[0] > 0 || wild <= 1 ? 0 : v[1] > 0 || wild <= 2 ? 1 : 2;
    const hi = bump(v, at);
    return (x) => cmp(x, v) >= 0 && cmp(x, hi) < 0;
  }
  if (op === '~') {
    const hi = bump(v, wild <= 1 ? 0 : 1);
    return (x) => cmp(x, v) >= 0 && cmp(x, hi) < 0;
  }
  if (op === '' || op === '=') {
    if (wild === 0) return () => true;
    if (wild === 3) return (x) => cmp(x, v) === 0;
    const hi = bump(v, wild - 1);
    return (x) => cmp(x, v) >= 0 && cmp(x, hi) < 0;
  }
  if (op === '>=') return (x) => cmp(x, v) >= 0;
  if (op === '>') return wild === 3 ? (x) => cmp(x, v) > 0 : (x) => cmp(x, bump(v, wild - 1)) >= 0;
  if (op === '<') return (x) => cmp(x, v) < 0;
  return wild === 3 ? (x) => cmp(x, v) <= 0 : (x) => cmp(x, bump(v, wild - 1)) < 0;
}

/** True when `version` satisfies `range`; false for a range (or version) that does not parse. */
export function satisfies(version: string, range: string): boolean {
  const parsed = parse(version);
  if (parsed === null || parsed.wild !== 3) return false;
  return range.split('||').some((alt) => {
    const tokens = alt
      .trim()
      .replace(/(\^|~|>=|<=|>|<|=)\s+/g, '$1')
      .split(/\s+/)
      .filter((t) => t !== '');
    if (tokens.length === 0) return false;
    const checks = tokens.map(comparator);
    return checks.every((c) => c !== null && c(parsed.v));
  });
}
