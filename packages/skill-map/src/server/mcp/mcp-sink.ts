import type { BroadcastEvent, BroadcastSink } from '../ws/broadcaster.js';
import {
  ACTIVITY_URI,
  GRAPH_SUMMARY_URI,
  GRAPH_URI,
  ISSUES_URI,
  NODE_URI_PREFIX,
} from './resources/register-resources.js';

/** Something that can deliver MCP resource notifications to its connections (one per transport family). */
export interface NotifyTarget {
  /** `notifications/resources/updated` for `uri`, ONLY to connections subscribed to it. */
  updated(uri: string): void;
  /** `resources/updated` for every subscribed URI under `prefix` (per-node template subscriptions). */
  updatedUnder(prefix: string): void;
  /** `notifications/resources/list_changed` to every connection. */
  listChanged(): void;
}

/**
 * The MCP sink on the broadcaster: translates live events into MCP notifications. `scan.completed` →
 * `resources/updated` for the graph, the issues and subscribed node bundles, plus `resources/list_changed`
 * ONLY when the node set changed (nodes added or removed; a content-only edit does not change the catalog).
 * `node.activity` / `agent.spawn` → `resources/updated` for the activity resource. No `tools/list_changed`:
 * the tool set is fixed at boot. Everything else is ignored.
 */
export function createMcpSink(targets: readonly NotifyTarget[]): BroadcastSink {
  return (event: BroadcastEvent) => {
    switch (event.type) {
      case 'scan.completed': {
        const added = Number(event.data['nodesAdded'] ?? 0);
        const removed = Number(event.data['nodesRemoved'] ?? 0);
        for (const t of targets) {
          t.updated(GRAPH_URI);
          t.updated(GRAPH_SUMMARY_URI);
          t.updated(ISSUES_URI);
          t.updatedUnder(NODE_URI_PREFIX);
          if (added + removed > 0) t.listChanged();
        }
        return;
      }
      case 'node.activity':
      case 'agent.spawn':
        for (const t of targets) t.updated(ACTIVITY_URI);
        return;
      default:
        return;
    }
  };
}
