import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli as run0 } from '../testing/run-cli.js';

const runCli = (argv: readonly string[]) => run0(argv, { cwd: tmpdir() });

const RULES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', '..', 'docs', 'rules');

describe('sm explain', () => {
  it("prints the rule's page as docs/rules has it (short or qualified id)", async () => {
    const page = readFileSync(join(RULES, 'host-field-unknown.md'), 'utf8');
    const run = await runCli(['explain', 'host-field-unknown']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${page.trimEnd()}\n`);
    for (const section of [
      '## What it catches',
      '## Why',
      '## Failing example',
      '## How to fix',
      '## How to dismiss',
    ])
      expect(run.stdout).toContain(`\n${section}\n`);
    expect((await runCli(['explain', 'core/reference-broken'])).stdout).toMatch(/^# `reference-broken`\n/);
  });

  it('--json: the rule, its metadata and the page', async () => {
    const run = await runCli(['explain', 'tool-unknown', '--json']);
    expect(run.json()).toMatchObject({
      rule: 'tool-unknown',
      qualifiedId: 'core/tool-unknown',
      severity: 'varies',
      dismissible: true,
    });
  });

  it('an unknown rule is a usage error (exit 2) with the near one; no rule at all too', async () => {
    const run = await runCli(['explain', 'refrence-broken']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      "sm: unknown rule 'refrence-broken' — did you mean 'reference-broken'? (`sm check --list-rules` lists every rule)",
    );
    const none = await runCli(['explain']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('explain needs a rule id');
  });
});
