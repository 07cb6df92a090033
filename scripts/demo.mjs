#!/usr/bin/env node
// npm run demo — `sm serve --mcp` on a COPY of examples/demo-project in a fresh folder under the system temp
// folder, never on the example itself: serving writes `.skill-map/` (database, operations log, serve.json) into the
// project it serves, and the clone must stay as committed. The copy is removed when the server stops (Ctrl+C).
// Extra arguments go to `sm serve` (`npm run demo -- --port 0 --no-open`).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const example = join(repo, 'examples', 'demo-project');
const work = mkdtempSync(join(tmpdir(), 'skill-map-demo-'));
const project = join(work, 'demo-project');

// A `.skill-map/` an older demo left in the example is state, not part of the example: the copy starts without it.
cpSync(example, project, {
  recursive: true,
  filter: (src) => !`${src}${sep}`.includes(`${sep}.skill-map${sep}`),
});
process.stderr.write(
  `The demo serves a copy of examples/demo-project: ${project}\n` +
    'Edit a file there and watch the map update; the copy is deleted when you stop the demo.\n\n',
);

try {
  // In process (one process gets the terminal's Ctrl+C, no signal to forward): `sm serve` stops on SIGINT/SIGTERM.
  const { main } = await import(new URL('../packages/skill-map/dist/cli/main.js', import.meta.url).href);
  process.exitCode = await main(['serve', '--mcp', '--root', project, ...process.argv.slice(2)]);
} finally {
  rmSync(work, { recursive: true, force: true });
}
