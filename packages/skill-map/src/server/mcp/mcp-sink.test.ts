import { describe, expect, it } from 'vitest';
import type { BroadcastEvent } from '../ws/broadcaster.js';
import { createMcpSink } from './mcp-sink.js';
import type { NotifyTarget } from './mcp-sink.js';

/** A target that records what it was asked to send, in order. */
function recorder(): NotifyTarget & { sent: string[] } {
  const sent: string[] = [];
  return {
    sent,
    updated: (uri) => void sent.push(`updated ${uri}`),
    updatedUnder: (prefix) => void sent.push(`under ${prefix}`),
    listChanged: () => void sent.push('list_changed'),
  };
}

const event = (type: string, data: Record<string, unknown> = {}): BroadcastEvent => ({
  type,
  timestamp: 0,
  data,
});

const SCAN_UPDATES = [
  'updated skillmap://graph',
  'updated skillmap://graph/summary',
  'updated skillmap://issues',
  'under skillmap://node/',
];

describe('MCP sink', () => {
  it('sends list_changed after a scan that added nodes, removed nodes, or both, to every target', () => {
    for (const data of [
      { nodesAdded: 1, nodesRemoved: 0 },
      { nodesAdded: 0, nodesRemoved: 1 },
      { nodesRemoved: 3 },
      { nodesAdded: 2, nodesRemoved: 5 },
    ]) {
      const a = recorder();
      const b = recorder();
      createMcpSink([a, b])(event('scan.completed', data));
      expect(a.sent, JSON.stringify(data)).toEqual([...SCAN_UPDATES, 'list_changed']);
      expect(b.sent).toEqual(a.sent);
    }
  });

  it('sends only resources/updated after a scan that kept the node set (a content edit)', () => {
    for (const data of [{ nodesAdded: 0, nodesRemoved: 0 }, {}]) {
      const a = recorder();
      createMcpSink([a])(event('scan.completed', data));
      expect(a.sent).toEqual(SCAN_UPDATES);
    }
  });

  it('maps activity and spawns to the activity resource, and ignores everything else', () => {
    const a = recorder();
    const sink = createMcpSink([a]);
    sink(event('node.activity'));
    sink(event('agent.spawn'));
    for (const type of ['scan.started', 'scan.progress', 'scan.failed', 'issue.dismissed', 'job.updated'])
      sink(event(type, { nodesAdded: 1 }));
    expect(a.sent).toEqual(['updated skillmap://activity', 'updated skillmap://activity']);
  });
});
