// Resource change subscriptions of one connection, in both eras: 2025-era `resources/subscribe` and
// 2026-era `subscriptions/listen` streams.
import { isPlainObject } from '@skillstate/core';
import { notificationLine } from './jsonrpc.js';
import type { JsonRpcId } from './jsonrpc.js';
import { META_KEYS } from './protocol.js';
import { isKnownResource, STATE_BACKED_URIS } from './resources.js';

interface Listen {
  id: JsonRpcId;
  uris: Set<string>;
}

const UPDATED = 'notifications/resources/updated';

/** The subscriptions of one connection and the notifications a state change produces for them. */
export class Subscriptions {
  readonly #legacy = new Set<string>();
  readonly #listens = new Map<string, Listen>();

  /** 2025 era: subscribes to a resource's updates. */
  subscribe(uri: string): void {
    this.#legacy.add(uri);
  }

  /** 2025 era: ends a subscription (unknown URIs are ignored). */
  unsubscribe(uri: string): void {
    this.#legacy.delete(uri);
  }

  /**
   * 2026 era: opens a listen stream keyed by its request id and returns the acknowledgement. The honoured
   * filter keeps only our own resource URIs; list-changed streams are not offered (our lists never change).
   */
  listen(id: JsonRpcId, filter: Record<string, unknown>): string {
    const requested = filter['resourceSubscriptions'];
    const honoured: Record<string, unknown> = {};
    const uris = new Set<string>();
    if (Array.isArray(requested)) {
      for (const uri of requested) if (typeof uri === 'string' && isKnownResource(uri)) uris.add(uri);
      honoured['resourceSubscriptions'] = [...uris];
    }
    this.#listens.set(JSON.stringify(id), { id, uris });
    return notificationLine('notifications/subscriptions/acknowledged', {
      _meta: { [META_KEYS.subscriptionId]: id },
      notifications: honoured,
    });
  }

  /**
   * Ends the listen stream a `notifications/cancelled` names. Returns true when it was open. Nothing is sent for
   * it, then or later: after a cancellation the request gets no answer (MCP cancellation rules).
   */
  cancel(params: unknown): boolean {
    if (!isPlainObject(params)) return false;
    return this.#listens.delete(JSON.stringify(params['requestId'] ?? null));
  }

  /** How many listen streams are open. */
  get openStreams(): number {
    return this.#listens.size;
  }

  /** The notifications a write to the default scope's state produces, for every subscriber. */
  stateChanged(): string[] {
    const lines: string[] = [];
    for (const uri of STATE_BACKED_URIS) {
      if (this.#legacy.has(uri)) lines.push(notificationLine(UPDATED, { uri }));
      for (const listen of this.#listens.values()) {
        if (listen.uris.has(uri)) {
          lines.push(notificationLine(UPDATED, { uri, _meta: { [META_KEYS.subscriptionId]: listen.id } }));
        }
      }
    }
    return lines;
  }
}
