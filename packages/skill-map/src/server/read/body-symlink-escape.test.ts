// Point 3 of the hardening issue: body reads followed symlinks out of the project. An in-project directory
// symlink, repointed outside the project after the scan, made `?include=body` and MCP `get_node {includeBody}`
// return the outside file. A real temp project, a real scan, the real server, an official SDK client.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProjectServer } from '../testing/project-server.js';
import type { ProjectServer } from '../testing/project-server.js';

const SKILL = '.claude/skills/lint/SKILL.md';
const SECRET = 'OUTSIDE-THE-PROJECT-7f3a';

let s: ProjectServer;
let outside: string;
let client: Client;

beforeAll(async () => {
  outside = mkdtempSync(join(tmpdir(), 'sm-outside-'));
  mkdirSync(join(outside, 'lint'));
  writeFileSync(join(outside, 'lint', 'SKILL.md'), `---\nname: lint\n---\n${SECRET}\n`);
  s = await startProjectServer({
    mcp: true,
    files: {
      'shared/skills/lint/SKILL.md': '---\nname: lint\ndescription: Lints.\n---\nInside the project.\n',
      'README.md': '# Project\n',
    },
    // `.claude/skills` is a directory symlink to a folder inside the project: scanned as such.
    prepare: (root) => {
      mkdirSync(join(root, '.claude'));
      symlinkSync(join(root, 'shared', 'skills'), join(root, '.claude', 'skills'), 'dir');
    },
  });
  client = new Client({ name: 'symlink-test', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(s.running.mcpUrl as string)));
});
afterAll(async () => {
  await client?.close();
  await s?.stop();
  rmSync(outside, { recursive: true, force: true });
});

const b64 = (p: string): string => Buffer.from(p).toString('base64url');

async function restBody(): Promise<{ status: number; text: string }> {
  const r = await fetch(`${s.running.url}/api/nodes/${b64(SKILL)}?include=body`);
  return { status: r.status, text: await r.text() };
}

describe('on-demand body reads stay inside the project after resolving symlinks', () => {
  it('reads the body through an in-project directory symlink', async () => {
    const r = await restBody();
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text).item.body).toContain('Inside the project.');
    const tool = await client.callTool({ name: 'get_node', arguments: { path: SKILL, includeBody: true } });
    expect(JSON.stringify(tool)).toContain('Inside the project.');
  });

  it('refuses the body over REST and MCP once the symlink points outside, and never shows the outside file', async () => {
    const link = join(s.tree.root, '.claude', 'skills');
    unlinkSync(link);
    symlinkSync(outside, link, 'dir');

    const r = await restBody();
    expect(r.status).toBe(403);
    expect(JSON.parse(r.text)).toMatchObject({
      ok: false,
      error: { code: 'path-outside-root', details: { path: SKILL } },
    });
    expect(r.text).not.toContain(SECRET);

    const err = await client
      .callTool({ name: 'get_node', arguments: { path: SKILL, includeBody: true } })
      .then(
        (res) => ({ res }),
        (e: unknown) => ({ e }),
      );
    expect(JSON.stringify(err)).not.toContain(SECRET);
    expect('e' in err).toBe(true);
    const e = (err as { e: { code: number; message: string; data?: unknown } }).e;
    expect(e.code).toBe(-32602);
    expect(e.message).toMatch(/outside the project/);
    expect(e.data).toMatchObject({ code: 'path-outside-root', path: SKILL });

    // The resource form of the same bundle carries no body, and the node is still served without one.
    const plain = await fetch(`${s.running.url}/api/nodes/${b64(SKILL)}`);
    expect(plain.status).toBe(200);
    expect(await plain.text()).not.toContain(SECRET);
  });
});
