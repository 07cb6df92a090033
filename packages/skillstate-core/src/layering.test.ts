import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('.', import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('layering of @skillstate/core', () => {
  it('keeps the pure half free of Node I/O: only node/ and index.ts may import node: modules', () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => !relative(SRC, file).startsWith('node/') && relative(SRC, file) !== 'index.ts')
      .filter((file) => /from ['"](node:|fs|path|os|child_process)/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(offenders).toEqual([]);
  });

  it('has no third-party runtime dependency', () => {
    const pkg = JSON.parse(readFileSync(join(SRC, '..', 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(pkg['dependencies'] ?? {}).toEqual({});
  });

  it('pure.ts re-exports nothing from node/', () => {
    expect(readFileSync(join(SRC, 'pure.ts'), 'utf8')).not.toContain("'./node/");
  });
});
