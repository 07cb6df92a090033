// `sm check` over node-never-run's info issues: hidden in text by default, shown by --severity info, and never counted
// against --max-warnings, hidden or shown (only warnings are). The capture is installed through `sm activity install`,
// its recorded start moved 40 days back so that the 30-day window is covered.
import { readFileSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { runCli } from '../testing/run-cli.js';
import { tempProject } from '../testing/projects.js';

const DAY = 24 * 60 * 60 * 1000;
let tree: TempTree;
beforeEach(async () => {
  tree = tempProject({
    '.claude/agents/reviewer.md': '---\nname: reviewer\ndescription: Reviews changes\n---\nReview.\n',
    '.claude/skills/release/SKILL.md': '---\nname: release\ndescription: Cuts a release\n---\nRelease.\n',
  });
  expect((await sm('activity', 'install')).code).toBe(0);
  const path = tree.abs('.skill-map/activity-hooks.bak');
  const record = JSON.parse(readFileSync(path, 'utf8')) as { hosts: { claude: { installedAt: number } } };
  expect(record.hosts.claude.installedAt).toBeGreaterThan(Date.now() - DAY);
  record.hosts.claude.installedAt = Date.now() - 40 * DAY;
  writeFileSync(path, JSON.stringify(record));
});
afterEach(() => tree.remove());

const sm = (...argv: string[]) => runCli(argv, { cwd: tree.root });

describe('sm check with node-never-run info issues', () => {
  it('text hides them and --max-warnings 0 passes; --severity info shows them and still passes', async () => {
    const text = await sm('check', '--max-warnings', '0');
    expect(text.code).toBe(0);
    expect(text.stdout).not.toContain('node-never-run');
    expect(text.stdout).toContain('no errors or warnings (2 info hidden: --severity info shows them)');
    const shown = await sm('check', '--severity', 'info', '--max-warnings', '0');
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/^ {2}info +node-never-run .*'\.claude\/agents\/reviewer\.md' has not run/m);
    const json = (await sm('check', '--json', '--max-warnings', '0')).json<{
      counts: { warn: number; info: number };
      failing: unknown;
    }>();
    expect(json).toMatchObject({ counts: { warn: 0, info: 2 }, failing: null });
  });

  it('a warning still counts: the same project with one fails --max-warnings 0', async () => {
    tree.write({
      '.claude/agents/reviewer.md':
        '---\nname: reviewer\ndescription: Reviews changes\ncolor: purpel\n---\nReview.\n',
    });
    const run = await sm('check', '--max-warnings', '0');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('failing: 1 warning(s), more than --max-warnings 0');
  });
});
