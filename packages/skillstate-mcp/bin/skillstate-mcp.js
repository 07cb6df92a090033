#!/usr/bin/env node
import { statSync } from 'node:fs';

// Prefer the bundled build (faster start) unless it is missing or older than the last `tsc -b` of this package
// (tsc rewrites .tsbuildinfo whenever it emits, even when the entry file itself did not change).
const mtime = (rel) => statSync(new URL(rel, import.meta.url), { throwIfNoEntry: false })?.mtimeMs ?? -1;
const entry =
  mtime('../dist/bundle/bin.js') >= mtime('../dist/.tsbuildinfo')
    ? '../dist/bundle/bin.js'
    : '../dist/bin.js';
const { main } = await import(entry);
await main();
