import { describe, expect, it } from 'vitest';
import { analyzeFile, createFileContext, detectLens } from '../../kernel/index.js';
import type { FileRecord } from '../../kernel/index.js';
import { recordIdentity, rowInputsFor } from './row-inputs.js';
import type { CachedFile } from './warm-state.js';

// The kernel's compact records (no per-link source, targets relative to the file's directory) still fingerprint.
describe('rowInputsFor', () => {
  const texts: Record<string, string> = {
    'docs/a.md': 'See [b](b.md), [c](c.md) and `docs/b.md`; run /go.\n',
    'docs/a.sm': 'annotations: {}\n',
  };
  const paths = Object.keys(texts);
  const lens = detectLens(paths, { activeProvider: 'claude' });
  const ctx = createFileContext(lens, {});
  const records = new Map<string, FileRecord>(
    paths.map((path) => [
      path,
      analyzeFile({ path, text: texts[path]!, bytes: texts[path]!.length, modifiedAtMs: 1 }, ctx),
    ]),
  );
  const cached = (record: FileRecord): CachedFile => ({ size: 1, mtimeMs: 1, record });

  it('keys a node record by its identity, skips nodeless records and repeated link identities', () => {
    const a = records.get('docs/a.md')!;
    const dup: FileRecord = { ...a, links: [...a.links!, { ...a.links![0]!, at: [9, 1, 99] }] };
    const files = new Map<string, CachedFile>([
      ['docs/a.md', cached(a)],
      ['docs/a.sm', cached(records.get('docs/a.sm')!)],
      ['docs/dup.md', cached({ ...dup, path: 'docs/dup.md' })],
    ]);
    const inputs = rowInputsFor(files, lens, {});
    expect(a.links!.map((l) => l.target)).toEqual(['docs/b.md', 'docs/c.md', 'docs/docs/b.md', '/go']);
    expect(inputs.record('docs/a.md')).toBe(recordIdentity(a));
    expect(inputs.identity('docs/a.md')).toBe(recordIdentity(a));
    expect(recordIdentity({ ...a, cacheKey: 'other' })).not.toBe(recordIdentity(a));
    expect(recordIdentity({ ...a, contentHash: `f${a.contentHash.slice(1)}` })).not.toBe(recordIdentity(a));
    expect(Number.isSafeInteger(recordIdentity(a))).toBe(true);
    expect(inputs.identity('docs/dup.md')).toBe(recordIdentity(dup));
    expect(inputs.record('docs/a.sm')).toBeUndefined();
    expect(inputs.record('docs/dup.md')).toBeUndefined();
    expect(inputs.record('missing.md')).toBeUndefined();
  });
});
