#!/usr/bin/env node
import { statSync } from 'node:fs';

// Prefer the bundled build (faster start) unless it is missing or older than the compiled entry.
const mtime = (rel) => statSync(new URL(rel, import.meta.url), { throwIfNoEntry: false })?.mtimeMs ?? -1;
const entry = mtime('../dist/bundle/bin.js') >= mtime('../dist/bin.js') ? '../dist/bundle/bin.js' : '../dist/bin.js';
const { main } = await import(entry);
await main();
