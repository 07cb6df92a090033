// The classes of false errors issue 25 found on repositories nobody tuned on, each as a class: for each one a small
// project (written to the temp folder) holds the false case next to the real one, and the built `sm scan --json`
// must keep the real one an error and not report the false one as an error. The shorthand and case-only classes must
// also name the file on disk and give the fix.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Issue, ScanResult } from '@skill-map/spec';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFiles } from '../support/project-root.js';
import { isBuilt, runSm } from '../support/sm-bin.js';

const TMP = mkdtempSync(join(tmpdir(), 'sm-false-classes-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

/** `sm scan --json --full` of a project written under the temp folder. */
function scan(name: string, files: Record<string, string>): Issue[] {
  const root = join(TMP, name);
  writeFiles(root, files);
  const run = runSm(['scan', '--json', '--full', '--root', root, '--db', join(TMP, `${name}.db`)], {
    cwd: TMP,
  });
  expect([0, 1], run.stderr).toContain(run.code);
  return (JSON.parse(run.stdout) as ScanResult).issues;
}

/** An issue's target (or name), as text. */
const targetOf = (i: Issue): string => {
  const t = i.data?.['target'] ?? i.data?.['name'] ?? '';
  return typeof t === 'string' ? t : JSON.stringify(t);
};

/** `severity node target` of each issue of `analyzer`. */
const lines = (issues: readonly Issue[], analyzer: string): string[] =>
  issues
    .filter((i) => i.analyzerId === analyzer)
    .map((i) => `${i.severity} ${i.nodeIds[0] ?? ''} ${targetOf(i)}`)
    .sort();

const errors = (issues: readonly Issue[]): string[] =>
  issues
    .filter((i) => i.severity === 'error')
    .map((i) => `${i.analyzerId} ${i.nodeIds[0] ?? ''} ${targetOf(i)}`)
    .sort();

const skill = (name: string, body: string): string =>
  `---\nname: ${name}\ndescription: ${name}\n---\n${body}\n`;
const plugin = (name: string): string => JSON.stringify({ name });

describe.skipIf(!isBuilt())('false-error classes (issue 25)', () => {
  it('shorthand to a sibling skill’s file: a warning naming the file and the fix; a file only another plugin ships is an error', () => {
    const issues = scan('shorthand', {
      'plugins/ml/.claude-plugin/plugin.json': plugin('ml'),
      'plugins/ml/skills/finetuning-method-selection/SKILL.md': skill('finetuning-method-selection', 'Pick.'),
      'plugins/ml/skills/finetuning-method-selection/references/model-catalog.md': '# Models\n',
      'plugins/ml/skills/training/SKILL.md': skill(
        'training',
        'Pick a base model from `references/model-catalog.md`, tune with `references/hyperparameters.md`, check `references/only-elsewhere.md`.',
      ),
      'plugins/ml/skills/training/references/checklist.md': '# Checklist\n',
      'plugins/other/.claude-plugin/plugin.json': plugin('other'),
      'plugins/other/skills/x/SKILL.md': skill('x', 'X.'),
      'plugins/other/skills/x/references/only-elsewhere.md': '# Other plugin\n',
      // Another plugin of the marketplace ships a file of the same name: the suggestion stays in the source's plugin.
      'plugins/other/skills/x/references/model-catalog.md': '# Their models\n',
    });
    const training = 'plugins/ml/skills/training';
    expect(lines(issues, 'reference-broken')).toEqual([
      `error ${training}/SKILL.md ${training}/references/hyperparameters.md`,
      `error ${training}/SKILL.md ${training}/references/only-elsewhere.md`,
      `warn ${training}/SKILL.md ${training}/references/model-catalog.md`,
    ]);
    const shorthand = issues.find((i) => i.data?.['reason'] === 'shorthand')!;
    const fix = '../finetuning-method-selection/references/model-catalog.md';
    expect(shorthand.message).toContain(`did you mean '${fix}'?`);
    expect(shorthand.data?.['didYouMean']).toBe(
      'plugins/ml/skills/finetuning-method-selection/references/model-catalog.md',
    );
    expect(shorthand.fix).toMatchObject({ replace: 'references/model-catalog.md', with: fix });
  });

  it('templates: a templates folder, {{PLACEHOLDER}} and ${VAR} files and a template section are not errors', () => {
    const issues = scan('templates', {
      'templates/design-doc.md': '# Design\n\nSee [architecture](docs/architecture.md).\n',
      'docs/project-brief.md': '# {{PROJECT_NAME}}\n\nSee [architecture](architecture.md).\n',
      'docs/release.md': '# Release ${VERSION}\n\nSee [changes](changes/latest.md).\n',
      'docs/guide.md': '# Guide\n\nSee [architecture](architecture.md).\n',
      '.claude/commands/run.md': 'Run `${CLAUDE_PLUGIN_ROOT}/x.sh`, then follow [setup](setup.md).\n',
      '.claude/skills/report/SKILL.md': skill(
        'report',
        'Read [rules](rules.md) first.\n\n## Report template\n\nCopy this into the report:\n\n- Findings: see [details](details.md)\n',
      ),
    });
    expect(errors(issues)).toEqual([
      'reference-broken .claude/commands/run.md .claude/commands/setup.md',
      'reference-broken .claude/skills/report/SKILL.md .claude/skills/report/rules.md',
      'reference-broken docs/guide.md docs/architecture.md',
    ]);
  });

  it('example content: an Examples line, an example document’s References, a usage line and a placeholder key', () => {
    const key = Array.from({ length: 6 }, (_, i) =>
      createHash('sha256').update(`k${i}`).digest('base64'),
    ).join('\n');
    const issues = scan('examples', {
      '.claude/skills/writer/SKILL.md': skill(
        'writer',
        [
          '- **Examples**: `references/finance.md` for financial schemas',
          'Read `references/style.md` before writing.',
          'Usage: /writer `drafts/post.md`',
          '',
          '## Example document',
          '',
          '### References',
          '',
          '- [Onboarding](internal-wiki/onboarding.md)',
        ].join('\n'),
      ),
      '.claude/skills/writer/references/tone.md': '# Tone\n',
      'docs/keys.md': '# Keys\n\n```\n-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----\n```\n',
      'docs/leak.md': `# Leak\n\n-----BEGIN PRIVATE KEY-----\n${key}\n-----END PRIVATE KEY-----\n`,
    });
    expect(errors(issues)).toEqual([
      'reference-broken .claude/skills/writer/SKILL.md .claude/skills/writer/references/style.md',
    ]);
    expect(lines(issues, 'secret-in-body').map((l) => l.split(' ').slice(0, 2).join(' '))).toEqual([
      'warn docs/leak.md',
    ]);
  });

  it('names across plugins of one marketplace are namespaced: no clash, and `/help` elsewhere is the built-in', () => {
    const issues = scan('plugins', {
      '.claude-plugin/marketplace.json': JSON.stringify({
        name: 'm',
        plugins: [
          { name: 'discord', source: './plugins/discord' },
          { name: 'telegram', source: './plugins/telegram' },
        ],
      }),
      'plugins/discord/.claude-plugin/plugin.json': plugin('discord'),
      'plugins/discord/skills/access/SKILL.md': skill('access', 'Discord access.'),
      'plugins/telegram/.claude-plugin/plugin.json': plugin('telegram'),
      'plugins/telegram/skills/access/SKILL.md': skill('access', 'Telegram access.'),
      'plugins/telegram/skills/configure/SKILL.md': skill('configure', 'Configure.'),
      'plugins/telegram/skills/setup/SKILL.md': skill('configure', 'Set up.'),
      // `/help` in one plugin is the built-in, not another plugin's (namespaced) help command.
      'plugins/telegram/commands/help.md': 'Telegram help.\n',
      'plugins/discord/commands/pair.md': 'Pair a channel; type /help for the commands.\n',
    });
    expect(lines(issues, 'name-collision')).toEqual([
      'error plugins/telegram/skills/configure/SKILL.md configure',
    ]);
    expect(lines(issues, 'name-reserved')).toEqual(['warn plugins/telegram/commands/help.md help']);
  });

  it('case-only mismatch: one warning naming the on-disk spelling and the fix; a missing file is an error', () => {
    const issues = scan('case', {
      'skills/dns-tools/SKILL.md': skill('dns-tools', 'DNS.'),
      'README.md': 'See [DNS tools](skills/dns-tools/skill.md) and [zones](skills/dns-tools/zones.md).\n',
    });
    expect(lines(issues, 'reference-broken')).toEqual([
      'error README.md skills/dns-tools/zones.md',
      'warn README.md skills/dns-tools/skill.md',
    ]);
    const mismatch = issues.find((i) => i.data?.['reason'] === 'case-mismatch')!;
    expect(mismatch.message).toContain("spelled 'skills/dns-tools/SKILL.md' on disk");
    expect(mismatch.fix).toMatchObject({
      replace: 'skills/dns-tools/skill.md',
      with: 'skills/dns-tools/SKILL.md',
    });
  });

  it('generated copies of a skill’s text do not report its links a second time', () => {
    const body = 'Read [dig notes](references/dig.md) and [zones](references/zones.md).';
    const issues = scan('generated', {
      'skills/dns-tools/SKILL.md': skill('dns-tools', body),
      'skills/dns-tools/references/dig.md': '# dig\n',
      'prompts/generated/dns-tools.md': `# dns-tools\n\n${body}\n`,
    });
    expect(errors(issues)).toEqual([
      'reference-broken skills/dns-tools/SKILL.md skills/dns-tools/references/zones.md',
    ]);
  });

  it('fence state: a broken fence is reported once and the lines after it are not link errors', () => {
    const nested =
      '```markdown\n# Example README\n\n```bash\nnpm install\n```\n\nRead [the guide](guide.md) and [api](api.md).\n```\n';
    const issues = scan('fences', {
      'docs/setup.md': `See [install](install.md).\n\n${nested}\nMore [x](x.md).\n`,
      // Balanced: the outer block's own closer opens a block that a last fence closes.
      'docs/nested.md': `See [start](start.md).\n\n${nested}\nMore [y](y.md).\n\`\`\`\n`,
    });
    expect(errors(issues)).toEqual([
      'reference-broken docs/nested.md docs/start.md',
      'reference-broken docs/setup.md docs/install.md',
    ]);
    expect(lines(issues, 'backtick-unbalanced')).toEqual(['warn docs/nested.md ', 'warn docs/setup.md ']);
  });
});
