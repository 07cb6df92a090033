import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Static (not `import()`) module specifiers of a source file, type-only imports excluded. */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^import (?!type )[^;]*? from '([^']+)';/gms)].map((m) => m[1]!);
}

describe('layering of @skillstate/mcp', () => {
  it('depends on @skillstate/core only, and imports no MCP SDK', () => {
    const pkg = JSON.parse(readFileSync(join(SRC, '..', 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(pkg['dependencies']).toEqual({ '@skillstate/core': '0.1.0' });
    const offenders = sources(SRC).filter((file) =>
      staticImports(file).some(
        (spec) => !spec.startsWith('.') && !spec.startsWith('node:') && spec !== '@skillstate/core',
      ),
    );
    expect(offenders.map((f) => relative(SRC, f))).toEqual([]);
  });

  it('keeps the bin statically light: the handshake path never loads @skillstate/core (cold start)', () => {
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of staticImports(file)) {
        if (spec.startsWith('.')) visit(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
        else expect(spec.startsWith('node:'), `${relative(SRC, file)} imports ${spec}`).toBe(true);
      }
    };
    visit(join(SRC, 'bin.ts'));
    expect([...seen].map((f) => relative(SRC, f)).sort()).toEqual([
      'bin.ts',
      'early-handshake.ts',
      'handshake.ts',
      'icons.ts',
      'jsonrpc.ts',
      'protocol.ts',
      'version.ts',
    ]);
  });
});
