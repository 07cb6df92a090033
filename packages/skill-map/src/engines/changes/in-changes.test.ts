// Which issues a change is answerable for: a changed node, a changed data.file (an MCP server's config), or a target
// the change deleted or renamed away; nothing else, however old.
import type { Issue } from '@skill-map/spec';
import { describe, expect, it } from 'vitest';
import { issuesInChanges } from './in-changes.js';

const issue = (nodeIds: string[], data?: Issue['data']): Issue => ({
  analyzerId: 'x',
  severity: 'error',
  nodeIds,
  message: 'm',
  ...(data !== undefined ? { data } : {}),
});

describe('issuesInChanges', () => {
  const changes = {
    changed: new Set(['a.md', '.mcp.json', 'gone.md', 'moved-from.md']),
    gone: new Set(['gone.md', 'moved-from.md']),
  };
  const all = [
    issue(['a.md']),
    issue(['b.md']),
    issue(['mcp://docs'], { file: '.mcp.json' }),
    issue(['mcp://other'], { file: 'opencode.json' }),
    issue(['c.md'], { target: 'gone.md' }),
    issue(['c.md'], { target: 'moved-from.md' }),
    issue(['c.md'], { target: 'a.md' }),
    issue(['d.md', 'a.md']),
  ];

  it('keeps changed nodes, changed config files and links to files the change removed, in scan order', () => {
    expect(issuesInChanges(all, changes)).toEqual([all[0], all[2], all[4], all[5], all[7]]);
  });

  it('an empty change answers for nothing', () => {
    expect(issuesInChanges(all, { changed: new Set(), gone: new Set() })).toEqual([]);
  });
});
