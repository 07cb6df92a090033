import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTempTree } from '../testing/temp-tree.js';
import type { TempTree } from '../testing/temp-tree.js';
import { openDatabase } from './open-database.js';
import type { DbHandle } from './open-database.js';
import { cachedPathsMentioning } from './patch-reads.js';

let tree: TempTree;
let h: DbHandle;
beforeEach(() => {
  tree = createTempTree('sm-patch-reads-');
  h = openDatabase({ path: tree.abs('sm.db'), posture: 'write', create: true });
  const put = h.db.prepare(
    `INSERT INTO scan_file_cache (path, size, mtime_ms, record_json) VALUES (?, 1, 1, ?)`,
  );
  put.run('a.md', '{"body":"ask @My_Agent now"}');
  put.run('b.md', '{"body":"ask @myXagent now"}');
  put.run('c.md', '{"body":"100% done, see @other"}');
  put.run('d.md', '{"body":"nothing here"}');
});
afterEach(() => {
  h.db.close();
  tree.remove();
});

const needle = (text: string) => ({
  parts: text.split(/[^a-z0-9%]+/i),
  pattern: new RegExp(text.replace(/[%_]/g, '\\$&'), 'i'),
});

it('finds the records holding any of the names, ASCII case folded, in one pass', () => {
  // `_` in a name is no wildcard: `my_agent` is not `myXagent`.
  expect(cachedPathsMentioning(h.db, [needle('my_agent'), needle('other')])).toEqual(['a.md', 'c.md']);
  expect(cachedPathsMentioning(h.db, [needle('MY_AGENT')])).toEqual(['a.md']);
  expect(cachedPathsMentioning(h.db, [{ parts: ['0%', 'd'], pattern: /0% d/ }])).toEqual(['c.md']);
  expect(cachedPathsMentioning(h.db, [])).toEqual([]);
});
