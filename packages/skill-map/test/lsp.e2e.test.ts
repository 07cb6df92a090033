// Issue 26 acceptance 4: the BUILT `sm lsp --stdio` driven by a real LSP client (vscode-languageserver-protocol over
// the child's stdio) in a temp project: diagnostics for an open buffer with a broken link, cleared by an unsaved
// fix, go-to-definition across files (a link, an @mention, mcp__server__tool to its config entry), hover,
// references and a quick fix whose WorkspaceEdit, applied to the buffer, clears the diagnostic.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver-protocol/node';
import type {
  CodeAction,
  Diagnostic,
  Hover,
  Location,
  ProtocolConnection,
  PublishDiagnosticsParams,
  TextEdit,
} from 'vscode-languageserver-protocol/node';
import { pathToFileURL } from 'node:url';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { BIN, isBuilt } from './support/sm-bin.js';

const SKILL = '.claude/skills/alpha/SKILL.md';
const BROKEN = [
  '---',
  'name: alpha',
  'description: Alpha does things.',
  'allowed-tools: mcp__github__create_issue',
  '---',
  '# Alpha',
  '',
  'Read [the guide](../../../guide.md) first. Ask @reviewer to look.',
  '',
].join('\n');
const FIXED = BROKEN.replace('../../../guide.md', '../../../docs/guide.md');

const FILES: Record<string, string> = {
  [SKILL]: BROKEN,
  '.claude/agents/reviewer.md': '---\nname: reviewer\ndescription: Reviews code.\n---\nReview it.\n',
  'docs/guide.md': '# Guide\n\nHow to do things.\n',
  'CLAUDE.md': '# Project\n\nSee @docs/guide.md and ask @reviewer.\n',
  '.mcp.json': '{\n  "mcpServers": {\n    "github": { "command": "gh-mcp" }\n  }\n}\n',
};

interface Client {
  readonly conn: ProtocolConnection;
  readonly child: ChildProcessWithoutNullStreams;
  readonly uri: (path: string) => string;
  /** The next diagnostics published for `path` that satisfy `ok` (or the last ones, if they already do). */
  diagnostics(path: string, ok: (d: Diagnostic[]) => boolean): Promise<Diagnostic[]>;
  stderr(): string;
}

let tree: TempTree | null = null;
let client: Client | null = null;
afterEach(async () => {
  if (client !== null) {
    await client.conn.sendRequest('shutdown').catch(() => undefined);
    void client.conn.sendNotification('exit');
    await new Promise((resolve) => client!.child.once('exit', resolve));
    client.conn.dispose();
  }
  client = null;
  tree?.remove();
  tree = null;
});

async function start(prepare?: (root: string) => void): Promise<Client> {
  tree = createTempTree('sm-lsp-');
  tree.write(FILES);
  prepare?.(tree.root);
  const root = tree.root;
  const env = { ...process.env, NO_COLOR: '1' };
  for (const key of Object.keys(env)) if (key.startsWith('SKILL_MAP_')) delete env[key];
  const child = spawn(process.execPath, [BIN, 'lsp', '--stdio'], { cwd: root, env });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const conn = createProtocolConnection(
    new StreamMessageReader(child.stdout),
    new StreamMessageWriter(child.stdin),
  );
  const last = new Map<string, Diagnostic[]>();
  const waiting: { uri: string; ok: (d: Diagnostic[]) => boolean; resolve: (d: Diagnostic[]) => void }[] = [];
  conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    last.set(p.uri, p.diagnostics);
    for (const w of waiting.filter((w) => w.uri === p.uri && w.ok(p.diagnostics))) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve(p.diagnostics);
    }
  });
  conn.listen();
  const uri = (path: string): string => pathToFileURL(`${root}/${path}`).href;
  const c: Client = {
    conn,
    child,
    uri,
    stderr: () => err,
    diagnostics: (path, ok) =>
      new Promise((resolve) => {
        const seen = last.get(uri(path));
        if (seen !== undefined && ok(seen)) resolve(seen);
        else waiting.push({ uri: uri(path), ok, resolve });
      }),
  };
  client = c;
  const init = await conn.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(root).href,
    capabilities: {},
  });
  expect(init).toMatchObject({ capabilities: { definitionProvider: true, hoverProvider: true } });
  void conn.sendNotification('initialized', {});
  return c;
}

const open = (c: Client, path: string, text: string): void =>
  void c.conn.sendNotification('textDocument/didOpen', {
    textDocument: { uri: c.uri(path), languageId: 'markdown', version: 1, text },
  });
const change = (c: Client, path: string, version: number, text: string): void =>
  void c.conn.sendNotification('textDocument/didChange', {
    textDocument: { uri: c.uri(path), version },
    contentChanges: [{ text }],
  });
const broken = (d: Diagnostic[]): boolean => d.some((x) => x.code === 'reference-broken');
/** The position of the `nth` character of `needle` in `text`. */
function pos(text: string, needle: string, nth = 1): { line: number; character: number } {
  const at = text.indexOf(needle) + nth;
  const before = text.slice(0, at).split('\n');
  return { line: before.length - 1, character: before[before.length - 1]!.length };
}

/** Applies LSP text edits to a text (edits do not overlap; applied from the end). */
function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const lines = text.split('\n');
  const offset = (p: { line: number; character: number }): number =>
    lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  const sorted = [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start));
  let out = text;
  for (const e of sorted)
    out = out.slice(0, offset(e.range.start)) + e.newText + out.slice(offset(e.range.end));
  return out;
}

describe.skipIf(!isBuilt())('sm lsp over stdio (built bin, real LSP client)', () => {
  it('reports a broken link in an open buffer and clears it when the unsaved buffer is fixed', async () => {
    const c = await start();
    open(c, SKILL, BROKEN);
    const [d] = (await c.diagnostics(SKILL, broken)).filter((x) => x.code === 'reference-broken');
    expect(d).toMatchObject({
      source: 'skill-map',
      severity: 1,
      codeDescription: { href: expect.stringMatching(/reference-broken\.md$/) as unknown },
      range: { start: pos(BROKEN, '[the guide]', 0) },
    });
    expect(d!.message).toContain('guide.md');
    change(c, SKILL, 2, FIXED);
    expect(await c.diagnostics(SKILL, (x) => !broken(x))).toEqual([]);
    // Nothing was saved: the file on disk still has the broken link.
    expect(readFileSync(`${tree!.root}/${SKILL}`, 'utf8')).toBe(BROKEN);
    // The buffer's text counts (graph-aware as it is typed): breaking it again brings the diagnostic back.
    change(c, SKILL, 3, BROKEN.replace('../../../guide.md', '../../../docs/nope.md'));
    const again = await c.diagnostics(SKILL, broken);
    expect(again.find((x) => x.code === 'reference-broken')!.message).toContain('nope.md');
  });

  it('publishes the project at start and follows changes on disk the editor reports', async () => {
    const c = await start();
    // Nothing opened: the stored issues of every file arrive after initialized.
    await c.diagnostics(SKILL, broken);
    // The missing target appears on disk (a checkout, another tool): the link's file is re-published clean.
    writeFileSync(`${tree!.root}/guide.md`, '# Guide at the root\n');
    void c.conn.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: c.uri('guide.md'), type: 1 }],
    });
    expect(await c.diagnostics(SKILL, (x) => !broken(x))).toEqual([]);
  });

  it('goes to definitions across files, hovers, and finds references', async () => {
    const c = await start();
    open(c, SKILL, FIXED);
    await c.diagnostics(SKILL, (x) => !broken(x));
    const doc = { uri: c.uri(SKILL) };
    const link = await c.conn.sendRequest<Location[]>('textDocument/definition', {
      textDocument: doc,
      position: pos(FIXED, 'docs/guide.md', 2),
    });
    expect(link.map((l) => l.uri)).toEqual([c.uri('docs/guide.md')]);
    const agent = await c.conn.sendRequest<Location[]>('textDocument/definition', {
      textDocument: doc,
      position: pos(FIXED, '@reviewer', 3),
    });
    expect(agent.map((l) => l.uri)).toEqual([c.uri('.claude/agents/reviewer.md')]);
    const tool = await c.conn.sendRequest<Location[]>('textDocument/definition', {
      textDocument: doc,
      position: pos(FIXED, 'mcp__github__create_issue', 5),
    });
    expect(tool).toEqual([
      {
        uri: c.uri('.mcp.json'),
        range: { start: { line: 2, character: 4 }, end: { line: 2, character: 12 } },
      },
    ]);
    const hover = await c.conn.sendRequest<Hover>('textDocument/hover', {
      textDocument: doc,
      position: pos(FIXED, '@reviewer', 2),
    });
    const value = (hover.contents as { value: string }).value;
    expect(value).toContain('**reviewer** (agent)');
    expect(value).toContain('Reviews code.');
    const refs = await c.conn.sendRequest<Location[]>('textDocument/references', {
      textDocument: { uri: c.uri('.claude/agents/reviewer.md') },
      position: { line: 0, character: 0 },
      context: { includeDeclaration: false },
    });
    const claude = FILES['CLAUDE.md']!;
    expect(refs.map((r) => [r.uri, r.range.start]).sort()).toEqual(
      [
        [c.uri('.claude/skills/alpha/SKILL.md'), pos(FIXED, '@reviewer', 0)],
        [c.uri('CLAUDE.md'), pos(claude, '@reviewer', 0)],
      ].sort(),
    );
  });

  it('offers the safe fix as a preferred quick fix whose edit clears the diagnostic', async () => {
    const c = await start();
    open(c, SKILL, BROKEN);
    const [d] = (await c.diagnostics(SKILL, broken)).filter((x) => x.code === 'reference-broken');
    const actions = await c.conn.sendRequest<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: c.uri(SKILL) },
      range: d!.range,
      context: { diagnostics: [d] },
    });
    const fix = actions.find((a) => a.isPreferred === true);
    expect(fix).toMatchObject({
      kind: 'quickfix',
      title: expect.stringContaining('docs/guide.md') as unknown,
    });
    const edits = fix!.edit!.changes![c.uri(SKILL)]!;
    const fixed = applyTextEdits(BROKEN, edits);
    expect(fixed).toBe(FIXED);
    change(c, SKILL, 2, fixed);
    expect(await c.diagnostics(SKILL, (x) => !broken(x))).toEqual([]);
    expect(c.stderr()).toContain('sm lsp: scanned');
  });
});

const git = (root: string, ...args: string[]): void => {
  const r = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: root });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr.toString()}`);
};

describe.skipIf(!isBuilt() || spawnSync('git', ['--version']).status !== 0)(
  'sm lsp quick fixes from git',
  () => {
    it('offers the renamed target of a broken link as the preferred fix', async () => {
      const c = await start((root) => {
        git(root, 'init', '-q');
        git(root, 'add', '-A');
        git(root, 'commit', '-qm', 'one');
        git(root, 'mv', 'docs/guide.md', 'docs/handbook.md');
        git(root, 'commit', '-qm', 'two');
      });
      open(c, SKILL, FIXED);
      const [d] = (await c.diagnostics(SKILL, broken)).filter((x) => x.code === 'reference-broken');
      const actions = await c.conn.sendRequest<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri: c.uri(SKILL) },
        range: d!.range,
        context: { diagnostics: [d] },
      });
      const fix = actions.find((a) => a.isPreferred === true)!;
      expect(applyTextEdits(FIXED, fix.edit!.changes![c.uri(SKILL)]!)).toBe(
        FIXED.replace('docs/guide.md', 'docs/handbook.md'),
      );
    });
  },
);
