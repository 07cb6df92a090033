import { rmSync, symlinkSync, writeFileSync } from 'node:fs';
// SQLite-only reader behaviour (a database file missing, deleted, rebuilt; body reads). What a persisted scan reads
// back as, on every store, is stored-map.test.ts.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempTree } from '../../adapters/testing/temp-tree.js';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { createEngineScanPort } from '../scan/engine-scan-port.js';
import { PROJECT_FILES } from '../testing/project-server.js';
import { createSqliteMapReader } from './sqlite-map-reader.js';
import type { ClosableMapReader } from './sqlite-map-reader.js';

let tree: TempTree;
let reader: ClosableMapReader | null = null;
afterEach(() => {
  reader?.close();
  reader = null;
  tree.remove();
});

function setup(files: Record<string, string> = PROJECT_FILES): {
  dbPath: string;
  scan: () => Promise<unknown>;
} {
  tree = createTempTree('sm-reader-');
  tree.write(files);
  const dbPath = join(tree.root, '.skill-map', 'skill-map.db');
  reader = createSqliteMapReader({ dbPath, scopeRoot: tree.root });
  const port = createEngineScanPort({ projectRoot: tree.root, dbPath });
  return { dbPath, scan: () => port.scanAndPersist({ mode: 'full' }) };
}

describe('createSqliteMapReader', () => {
  it('degrades to empty shapes without a database, then picks the database up once a scan created it', async () => {
    const { scan } = setup();
    const r = reader as ClosableMapReader;
    expect(r.status().db).toBe('missing');
    expect(r.loadScanResult().nodes).toEqual([]);
    expect(r.listIssues({}, { limit: 10, offset: 0 })).toEqual({ items: [], total: 0 });
    expect(r.maxRenderNodes()).toBe(256);
    await scan();
    expect(r.status().db).toBe('present');
    expect(r.nodePaths()).toContain('README.md');
    expect(r.scanMeta().counts.nodes).toBe(6);
  });

  it('follows a database that was deleted and rebuilt (no stale connection)', async () => {
    const { dbPath, scan } = setup();
    await scan();
    const r = reader as ClosableMapReader;
    expect(r.findNode('README.md')).not.toBeNull();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${dbPath}${suffix}`, { force: true });
    expect(r.status().db).toBe('missing');
    rmSync(tree.abs('README.md'));
    await scan();
    expect(r.findNode('README.md')).toBeNull();
    expect(r.nodePaths()).not.toContain('README.md');
  });

  it('refuses to read bodies outside the scope root or through symlinks', async () => {
    const { scan } = setup();
    writeFileSync(join(tree.root, '..', `${tree.root.split('/').pop() ?? 'x'}-secret.md`), 'secret');
    symlinkSync(join(tree.root, 'README.md'), tree.abs('docs/link.md'));
    await scan();
    const r = reader as ClosableMapReader;
    expect(await r.readNodeBody(`../${tree.root.split('/').pop() ?? 'x'}-secret.md`)).toBeNull();
    expect(await r.readNodeBody('/etc/passwd')).toBeNull();
    expect(await r.readNodeBody('docs/link.md')).toBeNull();
    expect(await r.readNodeBody('mcp://anything')).toBeNull();
    expect(await r.readNodeBody('docs/guide.md')).toContain('The guide.');
    rmSync(join(tree.root, '..', `${tree.root.split('/').pop() ?? 'x'}-secret.md`));
  });
});
