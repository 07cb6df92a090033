import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const KERNEL = new URL('.', import.meta.url).pathname;
const FORBIDDEN =
  /^(node:|fs$|fs\/|path$|os$|child_process$|crypto$|http$|https$|net$|url$|worker_threads$|better-sqlite3|kysely|@modelcontextprotocol\/|hono|@hono\/|ws$|chokidar|@parcel\/watcher|ignore$|ajv)/;
const ALLOWED_EXTERNAL = new Set(['@skill-map/spec', 'js-yaml', 'smol-toml']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

function importsOf(text: string): string[] {
  const specs: string[] = [];
  for (const m of text.matchAll(
    /(?:import|export)\s[^'";]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm,
  )) {
    specs.push((m[1] ?? m[2] ?? m[3])!);
  }
  return specs;
}

describe('kernel layering', () => {
  const files = sources(KERNEL);

  it('walks a real set of kernel sources', () => {
    expect(files.length).toBeGreaterThan(40);
    expect(
      importsOf(
        "import { a } from 'node:fs';\nexport { b } from \"./b.js\";\nconst x = await import('hono');",
      ),
    ).toEqual(['node:fs', './b.js', 'hono']);
  });

  it('imports no I/O, database, HTTP or MCP module (the kernel is pure)', () => {
    const offenders = files.flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((s) => FORBIDDEN.test(s))
        .map((s) => `${relative(KERNEL, file)}: ${s}`),
    );
    expect(offenders).toEqual([]);
  });

  it('only uses pure third-party libraries (spec types, js-yaml, smol-toml)', () => {
    const external = new Set(
      files.flatMap((file) => importsOf(readFileSync(file, 'utf8')).filter((s) => !s.startsWith('.'))),
    );
    expect([...external].filter((s) => !ALLOWED_EXTERNAL.has(s))).toEqual([]);
  });

  it('keeps relative imports inside the kernel and uses .js specifiers', () => {
    const bad = files.flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter(
          (s) =>
            s.startsWith('.') &&
            (!s.endsWith('.js') || relative(KERNEL, join(file, '..', s)).startsWith('..')),
        )
        .map((s) => `${relative(KERNEL, file)}: ${s}`),
    );
    expect(bad).toEqual([]);
  });

  it('keeps source files small (< 300 lines)', () => {
    const big = files
      .filter((f) => readFileSync(f, 'utf8').split('\n').length > 300)
      .map((f) => relative(KERNEL, f));
    expect(big).toEqual([]);
  });
});
