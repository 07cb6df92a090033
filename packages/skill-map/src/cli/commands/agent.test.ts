import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { processingAgentInstalled } from '../../engines/agent/gate.js';
import { PROCESSING_SKILL_FILES } from '../../engines/agent/skill/index.js';
import { createEngineContext } from '../../engines/operable/create-context.js';
import { listExtensions } from '../../engines/extensions/list-extensions.js';
import { runCli } from '../testing/run-cli.js';
import { CLAUDE_PROJECT, tempProject } from '../testing/projects.js';

let tree: TempTree;
afterEach(() => tree.remove());

const sm = (...argv: string[]) => runCli(argv, { cwd: tree.root });
const CLAUDE_DIR = '.claude/skills/sm-process-jobs';
const names = (rel: string): string[] => readdirSync(tree.abs(rel)).sort();

describe('sm agent install / uninstall / status', () => {
  it('installs, reports up-to-date, updates an edited file, and uninstall leaves foreign files', async () => {
    tree = tempProject();
    const first = await sm('agent', 'install');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      /^installed sm-process-jobs in \.claude\/skills\/sm-process-jobs \(claude\)/,
    );
    expect(names(CLAUDE_DIR)).toEqual(['.gitignore', 'SKILL.md', 'cli.md', 'mcp.md']);
    expect(readFileSync(tree.abs(`${CLAUDE_DIR}/.gitignore`), 'utf8')).toBe('*\n');
    for (const [name, text] of Object.entries(PROCESSING_SKILL_FILES))
      expect(readFileSync(tree.abs(`${CLAUDE_DIR}/${name}`), 'utf8')).toBe(text);
    expect(processingAgentInstalled(tree.root)).toBe(true);

    const again = (await sm('agent', 'install', '--json')).json();
    expect(again).toMatchObject({ host: 'claude', dir: CLAUDE_DIR, outcome: 'up-to-date', written: [] });

    writeFileSync(tree.abs(`${CLAUDE_DIR}/mcp.md`), '# my notes\n');
    const status = (await sm('agent', 'status', '--json')).json<Record<string, unknown>>();
    expect(status['installed']).toBe(true);
    expect(status['dirs']).toContainEqual({
      dir: CLAUDE_DIR,
      hosts: ['claude'],
      state: 'outdated',
      files: { 'SKILL.md': 'current', 'mcp.md': 'differs', 'cli.md': 'current' },
    });
    const updated = (await sm('agent', 'install', '--json')).json();
    expect(updated).toMatchObject({ outcome: 'updated', written: ['mcp.md'] });
    expect(readFileSync(tree.abs(`${CLAUDE_DIR}/mcp.md`), 'utf8')).toBe(PROCESSING_SKILL_FILES['mcp.md']);

    writeFileSync(tree.abs(`${CLAUDE_DIR}/notes.md`), 'mine\n');
    const removed = await sm('agent', 'uninstall');
    expect(removed.code).toBe(0);
    expect(removed.stdout).toContain("kept files that are not skill-map's: notes.md");
    expect(names(CLAUDE_DIR)).toEqual(['notes.md']);
    expect(processingAgentInstalled(tree.root)).toBe(false);
    expect((await sm('agent', 'uninstall', '--json')).json()).toMatchObject({ outcome: 'not-installed' });
  });

  it('removes the folder when only our files were in it, and keeps an edited .gitignore', async () => {
    tree = tempProject();
    await sm('agent', 'install');
    const r = (await sm('agent', 'uninstall', '--json')).json();
    expect(r).toMatchObject({
      outcome: 'removed',
      removed: ['SKILL.md', 'mcp.md', 'cli.md', '.gitignore'],
      kept: [],
    });
    expect(existsSync(tree.abs(CLAUDE_DIR))).toBe(false);
    expect(existsSync(tree.abs('.claude/skills/deploy/SKILL.md'))).toBe(true);

    await sm('agent', 'install');
    writeFileSync(tree.abs(`${CLAUDE_DIR}/.gitignore`), '*\n!SKILL.md\n');
    expect((await sm('agent', 'uninstall', '--json')).json()).toMatchObject({ kept: ['.gitignore'] });
  });

  it.each([
    ['claude', '.claude/skills'],
    ['codex', '.agents/skills'],
    ['agent-skills', '.agents/skills'],
    ['opencode', '.opencode/skills'],
  ])('--for %s installs into %s and opens the gate; uninstall closes it', async (host, dir) => {
    tree = tempProject({ 'README.md': '# Project\n' });
    expect(processingAgentInstalled(tree.root)).toBe(false);
    const r = (await sm('agent', 'install', '--for', host, '--json')).json();
    expect(r).toMatchObject({ host, dir: `${dir}/sm-process-jobs`, outcome: 'installed' });
    expect(existsSync(tree.abs(`${dir}/sm-process-jobs/SKILL.md`))).toBe(true);
    expect(processingAgentInstalled(tree.root)).toBe(true);
    const status = (await sm('agent', 'status', '--for', host, '--json')).json<{ dirs: unknown[] }>();
    expect(status.dirs).toEqual([
      expect.objectContaining({ dir: `${dir}/sm-process-jobs`, state: 'current' }),
    ]);
    expect((await sm('agent', 'uninstall', '--for', host, '--json')).json()).toMatchObject({
      outcome: 'removed',
    });
    expect(processingAgentInstalled(tree.root)).toBe(false);
  });

  it('refuses an unknown --for with exit 2 naming the accepted hosts, writing nothing', async () => {
    tree = tempProject({ 'README.md': '# Project\n' });
    const r = await sm('agent', 'install', '--for', 'cursor');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'unknown agent host "cursor"; --for accepts claude, codex, opencode, agent-skills',
    );
    expect(readdirSync(tree.root)).toEqual(['README.md']);
    expect((await sm('agent', 'frobnicate')).code).toBe(2);
    expect((await sm('agent')).stderr).toContain('usage: sm agent install|uninstall|status');
  });

  it('defaults --for to the project lens: host folder, committed activeProvider, else claude', async () => {
    tree = tempProject({ '.opencode/agents/a.md': '---\ndescription: a\n---\nA\n' });
    expect((await sm('agent', 'install', '--json')).json()).toMatchObject({ host: 'opencode' });
    tree.remove();
    tree = tempProject({ 'README.md': '# x\n', '.skill-map/settings.json': '{"activeProvider":"codex"}' });
    expect((await sm('agent', 'status', '--json')).json()).toMatchObject({ defaultHost: 'codex' });
    tree.remove();
    tree = tempProject({ '.agents/skills/x/SKILL.md': '---\nname: x\ndescription: x\n---\nX\n' });
    expect((await sm('agent', 'status', '--json')).json()).toMatchObject({ defaultHost: 'agent-skills' });
    tree.remove();
    tree = tempProject({ 'README.md': '# x\n' });
    const s = await sm('agent', 'status');
    expect(s.stdout).toContain('default host: claude');
    expect(s.stdout).toContain('processing agent: not installed');
    expect(s.stdout).toMatch(/^\.claude\/skills\/sm-process-jobs +absent +claude$/m);
    expect(s.stdout).toMatch(/^\.agents\/skills\/sm-process-jobs +absent +codex, agent-skills$/m);
  });

  it('refuses a skill folder that a symlink points outside the project, writing nothing there', async () => {
    tree = tempProject({ 'README.md': '# x\n' });
    const outside = mkdtempSync(join(tmpdir(), 'sm-outside-'));
    try {
      mkdirSync(tree.abs('.claude'));
      symlinkSync(outside, tree.abs('.claude/skills'), 'dir');
      const r = await sm('agent', 'install', '--for', 'claude');
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('resolves outside the project');
      expect(readdirSync(outside)).toEqual([]);
      expect((await sm('agent', 'install', '--for', 'opencode')).code).toBe(0);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('writes no operations-log line (installers are exempt)', async () => {
    tree = tempProject({ 'README.md': '# x\n', '.skill-map/settings.json': '{}' });
    await sm('agent', 'install');
    await sm('agent', 'uninstall');
    expect(existsSync(tree.abs('.skill-map/operations.log'))).toBe(false);
  });
});

describe('the processing skill folder is not mapped', () => {
  it('a scan maps the project skills but none of the sm-process-jobs files, for every host folder', async () => {
    tree = tempProject(CLAUDE_PROJECT);
    for (const host of ['claude', 'codex', 'opencode']) await sm('agent', 'install', '--for', host);
    // Without its `*` .gitignore (a team that commits the skill) the folder is still left out by the walk's defaults.
    rmSync(tree.abs('.claude/skills/sm-process-jobs/.gitignore'));
    const scan = await sm('scan', '--json');
    const paths = scan.json<{ nodes: Array<{ path: string }> }>().nodes.map((n) => n.path);
    expect(paths).toContain('.claude/skills/deploy/SKILL.md');
    expect(paths.filter((p) => p.includes('sm-process-jobs'))).toEqual([]);
  });
});

describe('enable keys through the official writer', () => {
  it('`sm config set plugins.core.extensions.<name>.enabled false` hides the extension on the next call', async () => {
    tree = tempProject({ 'README.md': '# x\n' });
    const ctx = createEngineContext({ scopeRoot: tree.root, dbPath: tree.abs('x.db'), channel: 'cli' });
    expect((await listExtensions(ctx)).map((e) => e.id)).toContain('core/ai-tagger-action');
    const set = await sm('config', 'set', 'plugins.core.extensions.ai-tagger-action.enabled', 'false');
    expect(set.code).toBe(0);
    expect((await listExtensions(ctx)).map((e) => e.id)).not.toContain('core/ai-tagger-action');
  });
});
