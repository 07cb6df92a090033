// Issue 23 point 16: the docs named 7 node kinds where scans produce 10. The vocabulary is NODE_KINDS of
// @skill-map/spec (every door checks kinds against it); the node-kind table of docs/skill-map/scanning.md, which the
// other pages link to, must list exactly those kinds.
import { readFileSync } from 'node:fs';
import { NODE_KINDS } from '@skill-map/spec';
import { describe, expect, it } from 'vitest';

const DOC = new URL('../../../docs/skill-map/scanning.md', import.meta.url);

/** The kinds of the `## Node kinds` table (rows ``| `<kind>` | ... |``). */
function documented(): string[] {
  const text = readFileSync(DOC, 'utf8');
  const section = text.slice(text.indexOf('## Node kinds'));
  const table = section.slice(section.indexOf('| Kind'), section.indexOf('\n\n', section.indexOf('| Kind')));
  return [...table.matchAll(/^\| `([a-z-]+)` +\|/gm)].map((m) => m[1] ?? '');
}

describe('node kinds: the spec vocabulary and the docs agree', () => {
  it('the node-kind table of scanning.md lists every kind of NODE_KINDS, and no other', () => {
    expect(documented().sort()).toEqual([...NODE_KINDS].sort());
  });
});
