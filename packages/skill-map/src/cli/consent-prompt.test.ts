import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TempTree } from '../adapters/testing/temp-tree.js';
import { main } from './main.js';
import { captureStream, runCli } from './testing/run-cli.js';
import { tempProject } from './testing/projects.js';

// docs/notes.md links missing.md: one `reference-broken` issue whose data.target is 'docs/missing.md'.
const DISMISS = ['issues', 'dismiss', 'docs/notes.md', 'reference-broken', 'docs/missing.md'];

let tree: TempTree;
beforeEach(async () => {
  tree = tempProject();
  expect((await runCli(['scan'], { cwd: tree.root })).code).toBe(1);
});
afterEach(() => tree.remove());

/** `sm <argv>` at a terminal that answers `answer` (stdin and stderr are TTYs). */
async function atTerminal(
  answer: string | null,
  ...argv: string[]
): Promise<{ code: number; stderr: string }> {
  const stdin = Object.assign(new PassThrough(), { isTTY: true });
  const stderr = captureStream(true);
  const running = main(argv, { stdout: captureStream(true), stderr, stdin, env: {}, cwd: tree.root });
  if (answer === null) stdin.end();
  else stdin.end(`${answer}\n`);
  return { code: await running, stderr: stderr.text() };
}

const sidecar = (): string | null =>
  existsSync(tree.abs('docs/notes.sm')) ? readFileSync(tree.abs('docs/notes.sm'), 'utf8') : null;
const localSettings = (): string | null => {
  const p = join(tree.root, '.skill-map', 'settings.local.json');
  return existsSync(p) ? readFileSync(p, 'utf8') : null;
};

describe('the CLI consent prompt for sidecar writes (spec §8)', () => {
  it('on a terminal, asks once: y writes this time and saves nothing', async () => {
    const run = await atTerminal('y', ...DISMISS);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("writes the node's .sm sidecar");
    expect(sidecar()).toContain('issueSuppressions');
    expect(localSettings() ?? '').not.toContain('allowEditSmFiles');
  });

  it('a (always) writes and saves the standing grant; the next write asks nothing', async () => {
    expect((await atTerminal('a', ...DISMISS)).code).toBe(0);
    expect(JSON.parse(localSettings() ?? '{}')).toMatchObject({ allowEditSmFiles: true });
    const undo = await atTerminal(
      null,
      'issues',
      'undismiss',
      'docs/notes.md',
      'reference-broken',
      'docs/missing.md',
    );
    expect(undo.code).toBe(0);
    expect(undo.stderr).not.toContain('Allow it?');
  });

  it('anything else (or no answer) declines: exit 2, nothing written', async () => {
    for (const answer of ['n', '', null]) {
      const run = await atTerminal(answer, ...DISMISS);
      expect(run.code).toBe(2);
      expect(sidecar()).toBeNull();
    }
    expect(
      existsSync(join(tree.root, '.skill-map', 'operations.log'))
        ? readFileSync(join(tree.root, '.skill-map', 'operations.log'), 'utf8')
        : '',
    ).not.toContain('issues.dismiss');
  });

  it('off a terminal there is no prompt: the refusal names --yes', async () => {
    const run = await runCli(DISMISS, { cwd: tree.root });
    expect(run.code).toBe(2);
    expect(run.stderr).not.toContain('Allow it?');
    expect(run.stderr).toContain('--yes');
    expect(sidecar()).toBeNull();
  });
});
