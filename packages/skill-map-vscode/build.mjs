#!/usr/bin/env node
// Bundles the extension (src/extension.ts and vscode-languageclient) into one CommonJS file, dist/extension.js:
// VS Code loads extensions with require() and provides the `vscode` module itself.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

await build({
  absWorkingDir: fileURLToPath(new URL('.', import.meta.url)),
  entryPoints: ['src/extension.ts'],
  outfile: 'dist/extension.js',
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['vscode'],
  sourcemap: 'linked',
  logLevel: 'warning',
});
