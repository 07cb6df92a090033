// The BUILT `sm` bin as a child process: lazy loading, `sm serve` and `sm mcp` wired to the server.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { isBuilt, runSm, spawnSm, traceImportsFlags } from './support/sm-bin.js';

const VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

let tree: TempTree | undefined;
let child: ChildProcessWithoutNullStreams | undefined;
afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  child = undefined;
  tree?.remove();
  tree = undefined;
});

function project(): TempTree {
  tree = createTempTree('sm-e2e-proc-');
  tree.write({
    '.claude/skills/a/SKILL.md': '---\nname: a\ndescription: A\n---\nSee [b](../../../docs/b.md).\n',
    'docs/b.md': '# B\n',
  });
  expect(runSm(['scan', '-q'], { cwd: tree.root }).code).toBe(0);
  return tree;
}

function imported(stderr: string): string[] {
  return stderr
    .split('\n')
    .filter((l) => l.startsWith('IMPORT '))
    .map((l) => l.slice(7));
}

const exited = (c: ChildProcessWithoutNullStreams) =>
  new Promise<number | null>((resolve) => c.once('exit', (code) => resolve(code)));

/** Resolves with the first chunk of `stream` output matching `re` (accumulated). */
function waitFor(stream: NodeJS.ReadableStream, re: RegExp, timeoutMs = 15_000): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${re} in: ${buf}`)), timeoutMs);
    stream.on('data', (d: Buffer) => {
      buf += d.toString('utf8');
      const m = buf.match(re);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    });
  });
}

/** Bundle chunks that hold the kernel or the server (found by content, since chunk names are hashed). */
function heavyChunks(): string[] {
  const dir = fileURLToPath(new URL('../dist/bundle/', import.meta.url));
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .filter((f) => {
      const text = readFileSync(join(dir, f), 'utf8');
      return text.includes('core/reference-broken') || text.includes('skillmap://graph');
    })
    .map((f) => `/dist/bundle/${f}`);
}

describe.skipIf(!isBuilt())('fast start: heavy modules load per verb (built bin)', () => {
  for (const argv of [['version'], ['--version'], ['help'], ['help', 'scan'], ['scan', '--help']]) {
    it(`sm ${argv.join(' ')} loads neither better-sqlite3 nor the kernel`, () => {
      const run = runSm(argv, { cwd: process.cwd(), nodeArgs: traceImportsFlags() });
      expect(run.code).toBe(0);
      const urls = imported(run.stderr);
      expect(urls.some((u) => u.endsWith('/dist/cli/main.js') || u.endsWith('/dist/bundle/main.js'))).toBe(
        true,
      );
      const heavy = heavyChunks();
      if (urls.some((u) => u.endsWith('/dist/bundle/main.js'))) expect(heavy.length).toBeGreaterThan(0);
      expect(
        urls.filter(
          (u) =>
            u.includes('better-sqlite3') ||
            // the pure "did you mean" leaf the CLI shares with the query grammar is not the kernel
            (u.includes('/dist/kernel/') && !u.endsWith('/dist/kernel/util/suggest.js')) ||
            u.includes('/dist/server/index') ||
            heavy.some((chunk) => u.endsWith(chunk)),
        ),
      ).toEqual([]);
    });
  }

  it('a read verb does load SQLite (the trace sees it)', () => {
    const root = project().root;
    const urls = imported(runSm(['list'], { cwd: root, nodeArgs: traceImportsFlags() }).stderr);
    expect(urls.some((u) => u.includes('better-sqlite3'))).toBe(true);
  });

  it('a second sm scan after an edit patches the stored scan in place; --json prints it whole', () => {
    const t = project();
    t.write({ 'docs/b.md': '# B\nSee [skill](../.claude/skills/a/SKILL.md) and [gone](gone.md).\n' });
    const patched = runSm(['scan'], { cwd: t.root });
    expect(patched.code).toBe(1); // the new broken link is an error
    expect(patched.stdout).toMatch(/scanned 2 nodes, 3 links, 1 issues \(1 error\)/);
    expect(patched.stdout).toContain('patched in place');
    const json = runSm(['scan', '--json'], { cwd: t.root });
    expect((JSON.parse(json.stdout) as { links: unknown[] }).links).toHaveLength(3);
  });
});

describe.skipIf(!isBuilt())('sm serve and sm mcp (built bin)', () => {
  it('sm serve binds a loopback port, answers /api/health, and exits 0 on SIGTERM', async () => {
    const root = project().root;
    child = spawnSm(['serve', '--port', '0', '--no-open', '--no-watcher'], { cwd: root });
    const [, url] = await waitFor(child.stderr, /api {3}(http:\/\/127\.0\.0\.1:\d+)\/api\/health/);
    const health = (await (await fetch(`${url}/api/health`)).json()) as Record<string, unknown>;
    expect(health).toMatchObject({ ok: true, db: 'present', implVersion: VERSION });
    expect(existsSync(`${root}/.skill-map/serve.json`)).toBe(true);
    const code = exited(child);
    child.kill('SIGTERM');
    expect(await code).toBe(0);
    expect(existsSync(`${root}/.skill-map/serve.json`)).toBe(false);
  });

  it('a scan by sm serve leaves the stored index current: the next sm scan patches in place', async () => {
    const t = project();
    child = spawnSm(['serve', '--port', '0', '--no-open', '--no-watcher'], { cwd: t.root });
    const [, url] = await waitFor(child.stderr, /api {3}(http:\/\/127\.0\.0\.1:\d+)\/api\/health/);
    t.write({ 'docs/b.md': '# B\nBack to [a](../.claude/skills/a/SKILL.md).\n' });
    const rescan = await fetch(`${url}/api/scan`, { method: 'POST' });
    expect(rescan.status).toBe(200);
    const code = exited(child);
    child.kill('SIGTERM');
    expect(await code).toBe(0);
    t.write({
      'docs/b.md':
        '# B\nBack to [a](../.claude/skills/a/SKILL.md), twice: [a](../.claude/skills/a/SKILL.md).\n',
    });
    const scan = runSm(['scan'], { cwd: t.root });
    expect(scan.stdout).toContain('patched in place');
  });

  it('sm serve refuses a non-loopback host (exit 2) and a missing --db (exit 5)', () => {
    const root = project().root;
    const host = runSm(['serve', '--host', '0.0.0.0', '--port', '0', '--no-open'], { cwd: root });
    expect(host.code).toBe(2);
    expect(host.stderr).toContain('is not a loopback address');
    const db = runSm(['serve', '--db', 'nope.db', '--port', '0', '--no-open'], { cwd: root });
    expect(db.code).toBe(5);
  });

  it('sm mcp speaks MCP on stdout only and exits 0 when the host closes stdin', async () => {
    const root = project().root;
    expect(runSm(['config', 'set', 'mcp.server.enabled', 'true'], { cwd: root }).code).toBe(0);
    child = spawnSm(['mcp', '--no-watch'], { cwd: root });
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'e2e', version: '1' } },
    };
    child.stdin.write(`${JSON.stringify(init)}\n`);
    const [line] = await waitFor(child.stdout, /^.*\n/);
    expect(JSON.parse(line)).toMatchObject({
      id: 1,
      result: { serverInfo: { name: 'skill-map', version: VERSION } },
    });
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_node', arguments: { path: 'docs/b.md' } } })}\n`,
    );
    const [reply] = await waitFor(child.stdout, /\{[^\n]*"id":2[^\n]*\}\n/);
    expect(reply).toContain('docs/b.md');
    const code = exited(child);
    child.stdin.end();
    expect(await code).toBe(0);
  });
});
