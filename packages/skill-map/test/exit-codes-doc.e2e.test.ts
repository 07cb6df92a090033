// Issue 23 point 16: `sm --help` listed exit codes 0, 1, 2 and 5 while the docs listed 3, 4 and 6 too. The codes
// the CLI returns are its EXIT map (errors.ts: every failure goes through it); the help of the BUILT bin and the
// table of docs/skill-map/cli.md must each list exactly those.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../src/cli/errors.js';
import { isBuilt, runSm } from './support/sm-bin.js';

const DOC = new URL('../../../docs/skill-map/cli.md', import.meta.url);
const RETURNED = Object.values(EXIT).sort((a, b) => a - b);

/** The codes of the `## Exit codes` table (rows `| <code> | ... |`). */
function documented(): number[] {
  const text = readFileSync(DOC, 'utf8');
  const section = text.slice(text.indexOf('## Exit codes'));
  const table = section.slice(0, section.indexOf('\n\n', section.indexOf('| Code')));
  return [...table.matchAll(/^\| (\d+) +\|/gm)].map((m) => Number(m[1]));
}

describe.skipIf(!isBuilt())('exit codes: the EXIT map, sm --help and cli.md agree', () => {
  it('sm --help lists every code the CLI returns, and no other', () => {
    const run = runSm(['--help'], { cwd: process.cwd() });
    expect(run.code).toBe(0);
    const help = run.stdout.slice(run.stdout.indexOf('Exit codes:'));
    const listed = [...help.matchAll(/^ {2}(\d+) {2}\S/gm)].map((m) => Number(m[1]));
    expect(listed).toEqual(RETURNED);
  });

  it('docs/skill-map/cli.md documents every code the CLI returns, and no other', () => {
    expect(documented()).toEqual(RETURNED);
  });
});
