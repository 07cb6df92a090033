// A PATH for the cross-process suites: a folder where `skillstate-mcp` is the built server bin (as
// `npm run install:bins` links it), or a PATH without it. Node's own folder is on both, for `#!/usr/bin/env node`.
import { mkdirSync, symlinkSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built `skillstate-mcp` bin of this repository (run `npx tsc -b` first). */
export const BUILT_MCP_BIN = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'skillstate-mcp',
  'bin',
  'skillstate-mcp.js',
);

/** The `skillstate` bin under test. */
export const CLI_BIN = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'skillstate.js');

/** A PATH holding node and nothing of ours. */
export function pathWithoutServer(): string {
  return [dirname(process.execPath), '/usr/bin', '/bin'].join(delimiter);
}

/** A PATH whose first folder (created under `root`) links `skillstate-mcp` to the built bin. */
export function pathWithServer(root: string): string {
  const bin = join(root, 'installed-bin');
  mkdirSync(bin, { recursive: true });
  symlinkSync(BUILT_MCP_BIN, join(bin, 'skillstate-mcp'));
  return [bin, pathWithoutServer()].join(delimiter);
}
