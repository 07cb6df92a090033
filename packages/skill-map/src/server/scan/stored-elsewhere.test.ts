// A map stored in the shared PostgreSQL database by another process (here the CLI's `sm scan --db` from another clone
// of the repository, as a CI runner feeds it) reaches a running `sm serve` of the project at once: `/ws` gets a
// `scan.completed` (trigger `database`) and MCP subscribers `resources/updated`, as for the server's own scans.
import { cpSync } from 'node:fs';
import { once } from 'node:events';
import {
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { hasPostgres, postgresForSuite } from '../../adapters/testing/postgres.js';
import { createTempTree } from '../../adapters/testing/temp-tree.js';
import { runCli } from '../../cli/testing/run-cli.js';
import { mcpClient, startProjectServer } from '../testing/project-server.js';

interface WsEvent {
  type: string;
  data: Record<string, unknown>;
}

const cluster = postgresForSuite({ beforeAll, afterAll });

describe.skipIf(!hasPostgres())('postgres: a map stored by another process', () => {
  it('is announced on /ws and to MCP subscribers once, and the server announces its own scans once', async (ctx) => {
    const server = cluster.current();
    if (server === null) return ctx.skip();
    const url = server.createDatabase('stored_elsewhere');
    const ps = await startProjectServer({ postgres: url });
    const clone = createTempTree('sm-clone-');
    const client = await mcpClient(ps, 'follower');
    const ws = new WebSocket(`${ps.running.url.replace('http', 'ws')}/ws`);
    const opened = once(ws, 'open');
    try {
      const updates: string[] = [];
      let listChanged = 0;
      client.setNotificationHandler(
        ResourceUpdatedNotificationSchema,
        (n) => void updates.push(n.params.uri),
      );
      client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void (listChanged += 1));
      await client.subscribeResource({ uri: 'skillmap://graph' });
      const events: WsEvent[] = [];
      ws.on('message', (m: Buffer) => void events.push(JSON.parse(m.toString('utf8')) as WsEvent));
      await opened;
      await new Promise((r) => setTimeout(r, 200)); // the MCP GET stream opens right after initialize
      const completed = () => events.filter((e) => e.type === 'scan.completed');

      // Another clone (the same projectId in its committed settings.json) with one skill more, scanned by the CLI.
      cpSync(ps.tree.root, clone.root, { recursive: true });
      clone.write({
        '.claude/skills/new/SKILL.md': '---\nname: new\ndescription: A new skill.\n---\nNew.\n',
      });
      const run = await runCli(['scan', '--db', url], { cwd: clone.root });
      expect(run.code).toBe(1); // the project's one broken link, an error issue
      await expect.poll(() => completed().length, { timeout: 10_000 }).toBe(1);
      expect(completed()[0]?.data).toMatchObject({ trigger: 'database', nodesAdded: 1, nodesRemoved: 0 });
      await expect.poll(() => updates, { timeout: 10_000 }).toContain('skillmap://graph');
      await expect.poll(() => listChanged, { timeout: 10_000 }).toBe(1);
      const added = (
        await client.callTool({ name: 'get_node', arguments: { path: '.claude/skills/new/SKILL.md' } })
      ).structuredContent as { item: { kind: string } };
      expect(added.item.kind).toBe('skill');

      // The server's own scan (its folder lacks the new skill: it is removed again) is announced once, as its own.
      await ps.running.server.scans?.run('full', 'rest');
      await new Promise((r) => setTimeout(r, 500)); // time for a second announcement, were there one
      expect(completed().map((e) => [e.data['trigger'], e.data['nodesRemoved']])).toEqual([
        ['database', 0],
        ['rest', 1],
      ]);
    } finally {
      ws.close();
      await client.close();
      await ps.stop();
      clone.remove();
    }
  }, 60_000);
});
