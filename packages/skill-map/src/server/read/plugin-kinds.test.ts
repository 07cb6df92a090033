// A kind= filter on the map doors (REST's GET /api/nodes and MCP's query_graph share fieldsQueryOrThrow): a plugin's
// own kind is taken when the map has nodes of it; a kind neither in the vocabulary nor on the map is still refused.
import { describe, expect, it } from 'vitest';
import { createMemoryMapReader } from './memory-map-reader.js';
import { fieldsQueryOrThrow, queryGraph } from './map-queries.js';
import { makeNode, makeScan } from '../testing/fixtures.js';

describe("a plugin's own node kind in kind= filters", () => {
  const scan = makeScan([
    makeNode('notes/a.note.md', 'note', { provider: 'six/notes' }),
    makeNode('.claude/skills/s/SKILL.md', 'skill'),
  ]);
  const reader = createMemoryMapReader(() => scan, { scopeRoot: '/p' });

  it('filters by a kind the map holds; refuses one it does not, naming the map kinds among the known ones', () => {
    const graph = queryGraph(reader, { kind: 'note' });
    expect(graph.nodes.map((n) => n.path)).toEqual(['notes/a.note.md']);
    expect(() => fieldsQueryOrThrow({ kind: 'notes' }, () => reader.nodeKinds())).toThrow(
      /'notes' is not a known kind; did you mean 'note'\?.*known kinds: .*, note\)/,
    );
    // Without the map's kinds (no map yet), a plugin kind is as unknown as any other.
    expect(() => fieldsQueryOrThrow({ kind: 'note' })).toThrow(/'note' is not a known kind/);
  });
});
