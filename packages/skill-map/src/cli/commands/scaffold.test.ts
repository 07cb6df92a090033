// `sm tutorial` and `sm example` through runCli: they write into an empty folder only (exit 2 otherwise, nothing
// written), --force writes anyway, --json validates against cli-scaffold; the example's first scan is a connected
// graph with nothing broken, and the tutorial's folder is never mapped.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempTree } from '../../adapters/testing/temp-tree.js';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { main } from '../main.js';
import { captureStream, runCli } from '../testing/run-cli.js';
import { schemaErrors } from '../testing/projects.js';

let tree: TempTree;
beforeEach(() => {
  tree = createTempTree('sm-scaffold-');
});
afterEach(() => tree.remove());

const sm = (...argv: string[]) => runCli(argv, { cwd: tree.root });

interface Scan {
  nodes: { path: string }[];
  links: { source: string; resolvedTarget?: string | null; state?: string }[];
  issues: { severity: string; analyzerId: string }[];
}

describe('sm example', () => {
  it('writes a project whose first scan is a connected graph with no issue, and no .skill-map/', async () => {
    const run = await sm('example', '--json');
    expect(run.code).toBe(0);
    const out = run.json<{ written: string[] }>();
    expect(schemaErrors('scaffold', [out])).toEqual([]);
    expect(out.written).toContain('CLAUDE.md');
    expect(readdirSync(tree.root)).not.toContain('.skill-map');
    const scan = (await sm('scan', '--json')).json<Scan>();
    expect(scan.issues).toEqual([]);
    expect(scan.nodes.length).toBeGreaterThanOrEqual(8);
    // Connected: every node is the source or the resolved target of some link.
    const touched = new Set(scan.links.flatMap((l) => [l.source, l.resolvedTarget ?? '']));
    expect(scan.nodes.map((n) => n.path).filter((p) => !touched.has(p))).toEqual([]);
  });

  it('refuses a folder that is not empty, writing nothing; --force writes over same-named files', async () => {
    writeFileSync(tree.abs('notes.txt'), 'mine\n');
    const run = await sm('example');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('is not empty');
    expect(readdirSync(tree.root)).toEqual(['notes.txt']);
    writeFileSync(tree.abs('CLAUDE.md'), 'old\n');
    expect((await sm('example', '--force')).code).toBe(0);
    expect(readFileSync(tree.abs('CLAUDE.md'), 'utf8')).toContain('# Cookbook site');
    expect(readFileSync(tree.abs('notes.txt'), 'utf8')).toBe('mine\n');
  });

  it('--force refuses up front when a folder stands where a file goes (nothing written)', async () => {
    mkdirSync(tree.abs('CLAUDE.md'));
    const run = await sm('example', '--force');
    expect(run.code).toBe(2);
    expect(readdirSync(tree.root)).toEqual(['CLAUDE.md']);
  });

  it('takes no argument', async () => {
    expect((await sm('example', 'there')).code).toBe(2);
  });
});

describe('sm tutorial', () => {
  it('writes the skill into the host skill folder; a scan never maps it', async () => {
    const run = await sm('tutorial', '--json');
    expect(run.code).toBe(0);
    const out = run.json<{ written: string[]; host: string; skillDir: string }>();
    expect(schemaErrors('scaffold', [out])).toEqual([]);
    expect(out).toMatchObject({ host: 'claude', skillDir: '.claude/skills' });
    expect(out.written).toContain('.claude/skills/sm-tutorial/SKILL.md');
    const skill = readFileSync(tree.abs('.claude/skills/sm-tutorial/SKILL.md'), 'utf8');
    expect(skill).toMatch(/^---\nname: sm-tutorial\ndescription: /);
    for (const ref of skill.match(/references\/[\w-]+\.md/g) ?? [])
      expect(out.written, ref).toContain(`.claude/skills/sm-tutorial/${ref}`);
    const scan = (await sm('scan', '--json')).json<Scan>();
    expect(scan.nodes).toEqual([]);
  });

  it('--for agent-skills writes under .agents/skills; an unknown host and a non-empty folder are exit 2', async () => {
    const bad = await sm('tutorial', '--for', 'vim');
    expect(bad.code).toBe(2);
    expect(readdirSync(tree.root)).toEqual([]);
    expect((await sm('tutorial', '--for', 'agent-skills')).code).toBe(0);
    expect(readdirSync(tree.abs('.agents/skills/sm-tutorial'))).toContain('SKILL.md');
    const again = await sm('tutorial');
    expect(again.code).toBe(2);
    expect(readdirSync(tree.root)).toEqual(['.agents']);
  });
});

/** `sm tutorial` at a terminal (stdin and stderr TTYs) that answers `answer`. */
async function tutorialAtTerminal(answer: string): Promise<{ code: number; stderr: string }> {
  const stdin = Object.assign(new PassThrough(), { isTTY: true });
  const stderr = captureStream(true);
  stdin.end(`${answer}\n`);
  const code = await main(['tutorial'], {
    stdout: captureStream(true),
    stderr,
    stdin,
    env: {},
    cwd: tree.root,
  });
  return { code, stderr: stderr.text() };
}

describe('sm tutorial at a terminal without --for', () => {
  it('asks which agent (Claude Code the default); the answer picks the skill folder', async () => {
    const run = await tutorialAtTerminal('4');
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('1. Claude Code (default)');
    expect(readdirSync(tree.abs('.agents/skills/sm-tutorial'))).toContain('SKILL.md');
  });

  it('an empty answer takes the default; an answer out of range writes nothing (exit 2)', async () => {
    expect((await tutorialAtTerminal('9')).code).toBe(2);
    expect(readdirSync(tree.root)).toEqual([]);
    expect((await tutorialAtTerminal('')).code).toBe(0);
    expect(readdirSync(tree.abs('.claude/skills/sm-tutorial'))).toContain('SKILL.md');
  });

  it('a folder that is not empty is refused before anything is asked', async () => {
    writeFileSync(tree.abs('mine.txt'), 'x\n');
    const run = await tutorialAtTerminal('1');
    expect(run.code).toBe(2);
    expect(run.stderr).not.toContain('Which agent');
  });
});
