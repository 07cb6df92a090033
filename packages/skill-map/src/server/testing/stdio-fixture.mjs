#!/usr/bin/env node
// Test fixture: what `sm mcp` will do, over the BUILT output (run `tsc -b` first).
// Usage: node stdio-fixture.mjs <projectRoot> <dbPath>
import process from 'node:process';
import { createSqliteMapReader } from '../../../dist/server/read/sqlite-map-reader.js';
import { createEngineScanPort } from '../../../dist/server/scan/engine-scan-port.js';
import { runMcpStdio } from '../../../dist/server/mcp/stdio.js';

const [root, dbPath] = process.argv.slice(2);
const reader = createSqliteMapReader({ dbPath, scopeRoot: root });
const running = runMcpStdio(
  {
    reader,
    scopeRoot: root,
    scanner: createEngineScanPort({ projectRoot: root, dbPath }),
    version: '9.9.9-stdio',
  },
  { watchDebounceMs: 50 },
);
await running.closed;
reader.close();
