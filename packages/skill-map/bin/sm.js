#!/usr/bin/env node
import { statSync } from 'node:fs';

const argv = process.argv.slice(2);
if (argv[0] === 'activity' && argv[1] === 'report' && !argv.includes('--help') && !argv.includes('-h')) {
  // The activity hook runs on every tool call of an agent: it loads its own three small modules, not the CLI,
  // and whatever happens it ends quietly with exit 0 (it must never fail or slow down the host).
  try {
    const { hookMain } = await import('../dist/cli/activity-hook/report.js');
    await hookMain(argv.slice(2));
  } catch {
    // A missing build or a broken install must not surface in the host either.
  }
  process.exitCode = 0;
} else {
  // Prefer the bundled build (faster start) unless it is missing or older than the last `tsc -b` of this package
  // (tsc rewrites .tsbuildinfo whenever it emits, even when the entry file itself did not change).
  const mtime = (rel) => statSync(new URL(rel, import.meta.url), { throwIfNoEntry: false })?.mtimeMs ?? -1;
  const entry =
    mtime('../dist/bundle/main.js') >= mtime('../dist/.tsbuildinfo')
      ? '../dist/bundle/main.js'
      : '../dist/cli/main.js';
  const { main } = await import(entry);
  process.exitCode = await main(argv);
}
