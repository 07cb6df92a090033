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
    `INSERT INTO scan_file_cache (path, size, mtime_ms, record_json, mentions) VALUES (?, 1, 1, ?, ?)`,
  );
  // The search reads the trigger text only: the record's other text (`e.md` names `other` in its body) is not read.
  put.run('a.md', '{}', '@My_Agent');
  put.run('b.md', '{}', '@myXagent');
  put.run('c.md', '{}', '100% done\n@other');
  put.run('d.md', '{}', 'nothing here');
  put.run('e.md', '{"body":"see @other"}', 'docs/x.md');
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

it('reads the trigger text, not the records', () => {
  expect(cachedPathsMentioning(h.db, [needle('other')])).toEqual(['c.md']);
});
