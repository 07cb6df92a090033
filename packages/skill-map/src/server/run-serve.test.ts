import { statSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempTree } from '../adapters/testing/temp-tree.js';
import type { TempTree } from '../adapters/testing/temp-tree.js';
import { isServerError } from './errors.js';
import { createMemoryMapReader } from './read/memory-map-reader.js';
import { createSqliteMapReader } from './read/sqlite-map-reader.js';
import { createEngineScanPort } from './scan/engine-scan-port.js';
import { runServe } from './run-serve.js';
import type { RunningServer } from './run-serve.js';
import { resolveMcpEnabled } from './serve-options.js';
import type { ServeOptions } from './serve-options.js';
import { readServeInfo, serveInfoPath } from './serve-info.js';
import type { ConfigPort, ServerDeps } from './ports.js';
import { sampleScan } from './testing/fixtures.js';
import { createMemoryLogger } from './testing/test-server.js';

let tree: TempTree;
const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.close()));
  tree?.remove();
});

function deps(config: ConfigPort = { merged: {} }): ServerDeps {
  tree = createTempTree('sm-run-serve-');
  const scan = sampleScan();
  return {
    scopeRoot: tree.root,
    dbPath: `${tree.root}/.skill-map/skill-map.db`,
    reader: createMemoryMapReader(() => scan, { scopeRoot: tree.root }),
    config,
    logger: createMemoryLogger(),
    version: '1.2.3',
  };
}

async function start(options: ServeOptions, d: ServerDeps = deps()): Promise<RunningServer> {
  const r = await runServe({ port: 0, open: false, handleSignals: false, bannerStream: null, ...options }, d);
  running.push(r);
  return r;
}

describe('runServe', () => {
  it('writes serve.json after bind (0600, per-boot token) and removes it on close', async () => {
    const r = await start({ mcp: true });
    const info = readServeInfo(tree.root);
    expect(info).toEqual({
      schemaVersion: 1,
      host: '127.0.0.1',
      port: r.port,
      pid: process.pid,
      scopeRoot: tree.root,
      startedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      smVersion: '1.2.3',
      token: r.server.token,
    });
    expect(info?.token).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(serveInfoPath(tree.root)).mode & 0o777).toBe(0o600);
    const health = (await (await fetch(`${r.url}/api/health`)).json()) as Record<string, unknown>;
    expect(health).toMatchObject({ ok: true, mcp: true, implVersion: '1.2.3' });
    await r.close();
    expect(readServeInfo(tree.root)).toBeNull();
  });

  it('rotates the token on every boot', async () => {
    const d = deps();
    const a = await start({ serveInfo: false }, d);
    const b = await start({ serveInfo: false }, d);
    expect(a.server.token).not.toBe(b.server.token);
  });

  it('refuses a non-loopback host with host-not-loopback', async () => {
    const err = await runServe(
      { host: '0.0.0.0', port: 0, open: false, handleSignals: false, bannerStream: null },
      deps(),
    ).catch((e: unknown) => e);
    expect(isServerError(err, 'host-not-loopback')).toBe(true);
    const err2 = await runServe(
      { port: 0, open: false, handleSignals: false, bannerStream: null },
      deps({ merged: { server: { host: '192.168.1.10' } } }),
    ).catch((e: unknown) => e);
    expect(isServerError(err2, 'host-not-loopback')).toBe(true);
  });

  it('fails with bind-failed when the port is taken', async () => {
    const a = await start({ serveInfo: false });
    const err = await runServe(
      { port: a.port, open: false, handleSignals: false, bannerStream: null, serveInfo: false },
      deps(),
    ).catch((e: unknown) => e);
    expect(isServerError(err, 'bind-failed')).toBe(true);
  });

  it('prints a banner with the URLs and the MCP host recipes', async () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (d: Buffer) => (text += d.toString('utf8')));
    const r = await start({ mcp: true, bannerStream: out, serveInfo: false });
    expect(text).toContain(`${r.url}/api/health`);
    expect(text).toContain(`claude mcp add --transport http skill-map ${r.url}/mcp`);
    expect(text).toContain(`codex mcp add skill-map --url ${r.url}/mcp`);
    expect(text).toContain(`{"mcpServers":{"skill-map":{"url":"${r.url}/mcp"}}}`);
    const off = new PassThrough();
    let offText = '';
    off.on('data', (d: Buffer) => (offText += d.toString('utf8')));
    await start({ bannerStream: off, serveInfo: false });
    expect(offText).toContain('mcp   off');
    expect(offText).not.toContain('claude mcp add');
    expect(offText).toContain('hooks none: run `sm activity install`');
  });

  it('shuts down cleanly on SIGTERM when signals are handled', async () => {
    const r = await runServe({ port: 0, open: false, bannerStream: null, mcp: true }, deps());
    process.emit('SIGTERM');
    await r.closed;
    expect(readServeInfo(tree.root)).toBeNull();
    await expect(fetch(`${r.url}/api/health`)).rejects.toThrow();
    expect(process.listenerCount('SIGTERM')).toBe(0);
    process.exitCode = undefined;
  });

  it('mounts /mcp only when enabled: flag > project-local config > off', async () => {
    const off = await start({ serveInfo: false });
    expect(off.mcpUrl).toBeNull();
    expect(
      (
        await fetch(`${off.url}/mcp`, {
          method: 'POST',
          body: '{}',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(404);
    const local = { merged: { mcp: { server: { enabled: true } } }, sourceOf: () => 'project-local' };
    const on = await start({ serveInfo: false }, deps(local));
    expect(on.mcpUrl).toBe(`${on.url}/mcp`);
    const flagged = await start({ serveInfo: false, mcp: false }, deps(local));
    expect(flagged.mcpUrl).toBeNull();
  });
});

describe('resolveMcpEnabled', () => {
  it('ignores the key when it came from the committed project layer', () => {
    expect(
      resolveMcpEnabled(undefined, {
        merged: { mcp: { server: { enabled: true } } },
        sourceOf: () => 'project',
      }),
    ).toBe(false);
    expect(
      resolveMcpEnabled(undefined, {
        merged: { mcp: { server: { enabled: true } } },
        sourceOf: () => 'project-local',
      }),
    ).toBe(true);
    expect(resolveMcpEnabled(undefined, { merged: {} })).toBe(false);
    expect(resolveMcpEnabled(true, { merged: {} })).toBe(true);
  });
});

describe('runServe boot scan', () => {
  it('scans the project at boot when the watcher is on, so a fresh project is mapped without an edit', async () => {
    tree = createTempTree('sm-run-serve-boot-');
    tree.write({
      '.claude/skills/alpha/SKILL.md':
        '---\nname: alpha\ndescription: First.\n---\nSee [beta](../beta/SKILL.md).\n',
      '.claude/skills/beta/SKILL.md': '---\nname: beta\ndescription: Second.\n---\nBody.\n',
    });
    const dbPath = `${tree.root}/.skill-map/skill-map.db`;
    const d: ServerDeps = {
      scopeRoot: tree.root,
      dbPath,
      reader: createSqliteMapReader({ dbPath, scopeRoot: tree.root }),
      scanner: createEngineScanPort({ projectRoot: tree.root, dbPath }),
      config: { merged: {} },
      logger: createMemoryLogger(),
    };
    const r = await start({ watcher: true }, d);
    await r.bootScan;
    const body = (await (await fetch(`${r.url}/api/nodes`)).json()) as { items: Array<{ path: string }> };
    expect(body.items.map((n) => n.path)).toEqual([
      '.claude/skills/alpha/SKILL.md',
      '.claude/skills/beta/SKILL.md',
    ]);
  });

  it('says the watcher state in GET /api/health: watching once ready, off without one', async () => {
    tree = createTempTree('sm-run-serve-watch-');
    tree.write({ '.claude/skills/alpha/SKILL.md': '---\nname: alpha\n---\nBody.\n' });
    const dbPath = `${tree.root}/.skill-map/skill-map.db`;
    const d: ServerDeps = {
      scopeRoot: tree.root,
      dbPath,
      reader: createSqliteMapReader({ dbPath, scopeRoot: tree.root }),
      scanner: createEngineScanPort({ projectRoot: tree.root, dbPath }),
      config: { merged: {} },
      logger: createMemoryLogger(),
    };
    const on = await start({ watcher: true, scanOnBoot: false, watchDebounceMs: 120, serveInfo: false }, d);
    await on.watcherReady;
    const health = async (url: string): Promise<unknown> =>
      ((await (await fetch(`${url}/api/health`)).json()) as { watcher: unknown }).watcher;
    expect(await health(on.url)).toEqual({ state: 'watching', debounceMs: 120, lastError: null });
    const off = await start({ watcher: false, serveInfo: false }, d);
    expect(await health(off.url)).toEqual({ state: 'off', debounceMs: null, lastError: null });
  });

  it('does not scan at boot when asked not to', async () => {
    tree = createTempTree('sm-run-serve-noboot-');
    tree.write({ '.claude/skills/alpha/SKILL.md': '---\nname: alpha\n---\nBody.\n' });
    const dbPath = `${tree.root}/.skill-map/skill-map.db`;
    const d: ServerDeps = {
      scopeRoot: tree.root,
      dbPath,
      reader: createSqliteMapReader({ dbPath, scopeRoot: tree.root }),
      scanner: createEngineScanPort({ projectRoot: tree.root, dbPath }),
      config: { merged: {} },
      logger: createMemoryLogger(),
    };
    const r = await start({ watcher: true, scanOnBoot: false }, d);
    await r.bootScan;
    const body = (await (await fetch(`${r.url}/api/nodes`)).json()) as { items: unknown[] };
    expect(body.items).toEqual([]);
  });
});
