#!/usr/bin/env node
'use strict';
// CommonJS on purpose (bin/package.json): a leading `initialize` (and `tools/list`, from the catalog the build
// wrote) is answered by a CommonJS bundle of the handshake gate before Node's ESM loader starts, and the server
// loads as ESM behind the open gate. SIGINT/SIGTERM are held from before the first byte is read until the
// server's own handler takes over, so an early signal gets the same exit and session stamp as a late one. The
// bundled build is used unless it is missing or older than the last `tsc -b` of this package (tsc rewrites
// .tsbuildinfo whenever it emits); the plain tsc output holds the signals and opens the gate itself.
const { readFileSync, statSync } = require('node:fs');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');

const at = (rel) => join(__dirname, rel);
const mtime = (rel) => statSync(at(rel), { throwIfNoEntry: false })?.mtimeMs ?? -1;
const built = mtime('../dist/.tsbuildinfo');
const bundled =
  mtime('../dist/bundle/bin.js') >= built &&
  mtime('../dist/bundle/early-handshake.cjs') >= built &&
  mtime('../dist/bundle/tools-list.json') >= built;

const fail = (err) => {
  process.stderr.write(`skillstate-mcp: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
};
if (bundled) {
  const { holdSignals, openHandshakeGate } = require('../dist/bundle/early-handshake.cjs');
  const held = holdSignals();
  const tools = JSON.parse(readFileSync(at('../dist/bundle/tools-list.json'), 'utf8'));
  const input = openHandshakeGate(process.stdin, process.stdout, { tools });
  import(pathToFileURL(at('../dist/bundle/bin.js')).href).then((m) => m.main(input, held), fail);
} else {
  import(pathToFileURL(at('../dist/bin.js')).href).then((m) => m.main(), fail);
}
