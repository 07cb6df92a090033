// Issue 26, baseline acceptance through the BUILT bin: on a real-looking project written into a temp folder (and,
// with SM_CORPORA, on a copy of a real corpus), `sm baseline create` then `sm check --baseline` passes; a new broken
// link fails and is the only issue named; an edit that shifts lines keeps the baseline valid; an expired entry
// fails again and says so; a fixed issue is reported stale and `prune` drops it; a bad baseline file is a specific
// exit 2 that writes nothing.
import {
  appendFileSync,
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BaselineFile, Issue } from '@skill-map/spec';
import { createSpecValidator } from '@skill-map/spec/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corporaDir } from '../src/adapters/testing/corpora.js';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { isBuilt, runSm } from './support/sm-bin.js';

const spec = createSpecValidator();

/** A small Claude Code harness with two broken links (errors) and a skill whose name disagrees with its folder. */
const PROJECT: Record<string, string> = {
  '.claude/skills/deploy/SKILL.md':
    '---\nname: deploy\ndescription: Deploys the app to staging, then production\n---\n# Deploy\n\n' +
    '1. Read the [runbook](../../../docs/runbook.md).\n2. If it fails, follow [rollback](../../../docs/rollback.md).\n' +
    '3. Ask @reviewer to check the release notes.\n',
  '.claude/skills/summarize/SKILL.md':
    '---\nname: summarise\ndescription: Summarises a document\n---\nSummarise the [guide](../../../docs/guide.md).\n',
  '.claude/agents/reviewer.md':
    '---\nname: reviewer\ndescription: Reviews changes before a release\ntools: Read, Grep\n---\n' +
    'Use the [deploy skill](../skills/deploy/SKILL.md) and `/release`.\n',
  '.claude/commands/release.md':
    '---\ndescription: Release\n---\nShip it. See [the guide](../../docs/guide.md).\n',
  'docs/runbook.md': '# Runbook\nSteps.\n',
  'docs/guide.md': '# Guide\nStart at [notes](notes.md).\n',
  'docs/notes.md': '# Notes\nSee [missing](missing.md).\n',
  'CLAUDE.md': '# Project\nSkills live in `.claude/skills/deploy/SKILL.md`.\n',
};

interface CheckJson {
  issues: Issue[];
  failing: string | null;
  baseline?: {
    file: string;
    suppressed: number;
    expired: { entry: { rule: string; node: string } }[];
    stale: { entry: { rule: string; node: string; target: string | null } }[];
  };
}

function check(
  root: string,
  file = 'baseline.json',
): { code: number | null; json: CheckJson; stderr: string } {
  const run = runSm(['check', '--baseline', file, '--json'], { cwd: root });
  return { code: run.code, json: JSON.parse(run.stdout) as CheckJson, stderr: run.stderr };
}

const read = (root: string, rel = 'baseline.json'): BaselineFile =>
  JSON.parse(readFileSync(join(root, rel), 'utf8')) as BaselineFile;

describe.skipIf(!isBuilt())('sm baseline and sm check --baseline (built bin)', () => {
  let tree: TempTree;
  let root: string;
  beforeAll(() => {
    tree = createTempTree('sm-e2e-baseline-');
    tree.write(PROJECT);
    root = tree.root;
  });
  afterAll(() => tree?.remove());

  it('create accepts every error and warning, writes a valid file, and check --baseline then passes', () => {
    expect(runSm(['check'], { cwd: root }).code).toBe(1);
    const made = runSm(['baseline', 'create', 'baseline.json', '--reason', 'found at adoption'], {
      cwd: root,
    });
    expect(made.stderr).not.toMatch(/sm:/);
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/wrote baseline\.json: accepted 3 issue\(s\), 3 entries/);
    const file = read(root);
    expect(spec.validate('baseline', file)).toEqual({ ok: true });
    expect(file.entries.map((e) => [e.rule, e.node, e.reason])).toEqual([
      ['reference-broken', '.claude/skills/deploy/SKILL.md', 'found at adoption'],
      ['name-mismatch', '.claude/skills/summarize/SKILL.md', 'found at adoption'],
      ['reference-broken', 'docs/notes.md', 'found at adoption'],
    ]);
    const { code, json, stderr } = check(root);
    expect({ code, issues: json.issues.filter((i) => i.severity !== 'info'), failing: json.failing }).toEqual(
      {
        code: 0,
        issues: [],
        failing: null,
      },
    );
    expect(json.baseline).toMatchObject({ file: 'baseline.json', suppressed: 3, expired: [], stale: [] });
    expect(stderr).not.toMatch(/stale|expired/);
  });

  it('create refuses to replace the file (naming it) and writes nothing; --force replaces it', () => {
    const before = readFileSync(join(root, 'baseline.json'), 'utf8');
    const again = runSm(['baseline', 'create', 'baseline.json'], { cwd: root });
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/baseline baseline\.json already exists; nothing written — pass --force/);
    expect(readFileSync(join(root, 'baseline.json'), 'utf8')).toBe(before);
    expect(runSm(['baseline', 'create', 'other.json'], { cwd: root }).code).toBe(0);
    expect(runSm(['baseline', 'create', 'other.json', '--force'], { cwd: root }).code).toBe(0);
    rmSync(join(root, 'other.json'));
  });

  it('a new broken link fails (exit 1) and is the only issue named', () => {
    writeFileSync(join(root, 'docs/guide.md'), '# Guide\nStart at [notes](notes.md), then [faq](faq.md).\n');
    const { code, json } = check(root);
    expect(code).toBe(1);
    expect(
      json.issues.filter((i) => i.severity !== 'info').map((i) => [i.analyzerId, i.nodeIds, i.data?.target]),
    ).toEqual([['reference-broken', ['docs/guide.md'], 'docs/faq.md']]);
    const text = runSm(['check', '--baseline', 'baseline.json'], { cwd: root });
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/docs\/guide\.md\n {2}error {2}reference-broken .*faq\.md/);
    expect(text.stdout).not.toMatch(/rollback|missing\.md|summarise/);
    writeFileSync(join(root, 'docs/guide.md'), PROJECT['docs/guide.md']!);
  });

  it('an edit that shifts lines (and another link added before) keeps the baseline valid', () => {
    const skill = PROJECT['.claude/skills/deploy/SKILL.md']!.replace(
      '# Deploy\n\n',
      '# Deploy\n\nThis skill ships the app.\n\nIt was written\nfor the\nrelease team.\n\nSee the [guide](../../../docs/guide.md) first.\n\n',
    );
    writeFileSync(join(root, '.claude/skills/deploy/SKILL.md'), skill);
    writeFileSync(
      join(root, 'docs/notes.md'),
      '# Notes\n\nA longer intro\nover three\nlines.\n\nSee [missing](missing.md).\n',
    );
    const { code, json } = check(root);
    expect({ code, stale: json.baseline?.stale, suppressed: json.baseline?.suppressed }).toEqual({
      code: 0,
      stale: [],
      suppressed: 3,
    });
  });

  it('update adds a new issue and keeps the reasons; check passes again', () => {
    appendFileSync(join(root, 'docs/runbook.md'), 'Then [verify](verify.md).\n');
    expect(check(root).code).toBe(1);
    const up = runSm(['baseline', 'update', 'baseline.json', '--reason', 'next sprint'], { cwd: root });
    expect(up.code).toBe(0);
    expect(up.stdout).toMatch(/updated baseline\.json: added 1 issue\(s\), 4 entries/);
    expect(read(root).entries.map((e) => [e.node, e.reason])).toEqual([
      ['.claude/skills/deploy/SKILL.md', 'found at adoption'],
      ['.claude/skills/summarize/SKILL.md', 'found at adoption'],
      ['docs/notes.md', 'found at adoption'],
      ['docs/runbook.md', 'next sprint'],
    ]);
    expect(check(root).code).toBe(0);
  });

  it('an expired entry no longer suppresses: exit 1, and the output says it expired', () => {
    const file = read(root);
    const notes = file.entries.find((e) => e.node === 'docs/notes.md')!;
    notes.expires = '2020-01-31';
    writeFileSync(join(root, 'baseline.json'), JSON.stringify(file, null, 2));
    const { code, json, stderr } = check(root);
    expect(code).toBe(1);
    expect(json.issues.filter((i) => i.severity === 'error').map((i) => i.nodeIds[0])).toEqual([
      'docs/notes.md',
    ]);
    expect(json.baseline?.expired.map((e) => e.entry.node)).toEqual(['docs/notes.md']);
    expect(stderr).toMatch(
      /baseline: the entry for reference-broken on docs\/notes\.md \(docs\/missing\.md\) expired on 2020-01-31; its issue fails again/,
    );
    notes.expires = '2999-12-31';
    writeFileSync(join(root, 'baseline.json'), JSON.stringify(file, null, 2));
    expect(check(root).code).toBe(0);
  });

  it('a fixed issue is reported stale (stderr and --json), and prune drops it', () => {
    writeFileSync(join(root, 'docs/notes.md'), '# Notes\nBack to [the guide](guide.md).\n');
    const { code, json, stderr } = check(root);
    expect(code).toBe(0);
    expect(json.baseline?.stale.map((s) => [s.entry.node, s.entry.target])).toEqual([
      ['docs/notes.md', 'docs/missing.md'],
    ]);
    expect(stderr).toMatch(
      /baseline: stale entry reference-broken on docs\/notes\.md \(docs\/missing\.md\) matches no issue; sm baseline prune baseline\.json drops it/,
    );
    const pruned = runSm(['baseline', 'prune', 'baseline.json'], { cwd: root });
    expect(pruned.code).toBe(0);
    expect(pruned.stdout).toMatch(/pruned baseline\.json: dropped 1 stale entry, 3 entries/);
    expect(read(root).entries.some((e) => e.node === 'docs/notes.md')).toBe(false);
    const after = check(root);
    expect({ code: after.code, stale: after.json.baseline?.stale }).toEqual({ code: 0, stale: [] });
  });

  const BAD: Array<[string, (good: BaselineFile) => string, RegExp]> = [
    ['invalid JSON', (g) => JSON.stringify(g).slice(0, -3), /^sm: baseline bad\.json is not valid JSON: /m],
    [
      'a schema version from elsewhere',
      (g) => JSON.stringify({ ...g, schemaVersion: 9 }),
      /^sm: baseline bad\.json has schemaVersion 9; this sm reads schemaVersion 1/m,
    ],
    [
      'a bad entry',
      (g) => JSON.stringify({ ...g, entries: [g.entries[0], { ...g.entries[1], count: 0 }] }),
      /^sm: baseline bad\.json: entries\[1\] \(name-mismatch on \.claude\/skills\/summarize\/SKILL\.md\): count must be/m,
    ],
  ];
  it.each(BAD)(
    '%s: check and every write exit 2 naming the file and entry, and nothing is written',
    (_n, make, re) => {
      const text = make(read(root));
      writeFileSync(join(root, 'bad.json'), text);
      const before = readdirSync(root).sort();
      for (const argv of [
        ['check', '--baseline', 'bad.json'],
        ['baseline', 'update', 'bad.json'],
        ['baseline', 'prune', 'bad.json'],
      ]) {
        const run = runSm(argv, { cwd: root });
        expect({ argv, code: run.code }).toEqual({ argv, code: 2 });
        expect(run.stderr).toMatch(re);
        expect(run.stdout).toBe('');
        expect(readFileSync(join(root, 'bad.json'), 'utf8')).toBe(text);
        expect(readdirSync(root).sort()).toEqual(before);
      }
    },
  );

  it('a missing baseline file is exit 2 with the command that creates it', () => {
    const run = runSm(['check', '--baseline', 'nope.json'], { cwd: root });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /sm: baseline nope\.json does not exist — create it with sm baseline create nope\.json/,
    );
  });
});

const CORPORA = corporaDir();

describe.skipIf(!isBuilt() || CORPORA === undefined)('corpus: baseline on a copy of obra-superpowers', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sm-e2e-baseline-corpus-'));
    cpSync(join(CORPORA!, 'obra-superpowers'), dir, {
      recursive: true,
      filter: (src) => !src.includes('/.git/'),
    });
  });
  afterAll(() => {
    if (dir !== '') rmSync(dir, { recursive: true, force: true });
  });

  it('create then check --baseline exits 0; a new broken link exits 1 and names only it', () => {
    expect(runSm(['baseline', 'create', 'baseline.json'], { cwd: dir }).code).toBe(0);
    expect(check(dir).code).toBe(0);
    appendFileSync(join(dir, 'README.md'), '\nSee [the new page](docs/not-there-yet.md).\n');
    const { code, json } = check(dir);
    expect(code).toBe(1);
    expect(
      json.issues.filter((i) => i.severity === 'error').map((i) => [i.nodeIds[0], i.data?.target]),
    ).toEqual([['README.md', 'docs/not-there-yet.md']]);
  });
});
