import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api/client';
import type { McpStatus } from '../../api/types';
import { onLiveEvent } from '../../state/map-loader';
import { store, useApp } from '../../state/store';

/** `GET /api/health`'s watcher block. */
export interface WatcherStatus {
  state: 'off' | 'starting' | 'watching' | 'stopped';
  debounceMs: number | null;
  lastError: string | null;
}

export interface ServerStatus {
  watcher: WatcherStatus | null;
  mcp: McpStatus | null;
  /** `durationMs` of the scan the map shows, or null while unknown. */
  scanDurationMs: number | null;
  /** The running scan's progress (`scan.progress`), or null. */
  progress: { done: number; total: number | null } | null;
  /** Writes `mcp.server.enabled` (project-local) through the REST settings route; applies at the next start. */
  setMcpEnabled: (enabled: boolean) => Promise<void>;
}

const MCP_POLL_MS = 30_000;
const EVENT_DEBOUNCE_MS = 500;

/** Events after which the MCP status (connected agents) may have changed. */
const AGENT_EVENTS = /^(job\.|agent\.|session\.|node\.activity)/;

/**
 * What the status bar reads from the server besides the map: the watcher (health, refetched on watcher events),
 * MCP liveness (polled every 30 s while the page is visible, and shortly after agent or job events) and the
 * duration of the scan on screen (`/api/scan?meta=1` on connect, then the `scan.completed` events).
 */
export function useServerStatus(): ServerStatus {
  const connection = useApp((s) => s.connection);
  const [watcher, setWatcher] = useState<WatcherStatus | null>(null);
  const [mcp, setMcp] = useState<McpStatus | null>(null);
  const [scanDurationMs, setScanDuration] = useState<number | null>(null);
  const [progress, setProgress] = useState<ServerStatus['progress']>(null);
  const mcpTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const loadHealth = useCallback(async () => {
    try {
      const h = await api.get<{ watcher?: WatcherStatus }>('/api/health');
      setWatcher(h.watcher ?? null);
    } catch {
      setWatcher(null);
    }
  }, []);
  const loadMcp = useCallback(async () => {
    try {
      setMcp(await api.get<McpStatus>('/api/mcp/status'));
    } catch {
      setMcp(null);
    }
  }, []);

  useEffect(() => {
    const soonMcp = (): void => {
      if (mcpTimer.current !== null) clearTimeout(mcpTimer.current);
      mcpTimer.current = setTimeout(() => void loadMcp(), EVENT_DEBOUNCE_MS);
    };
    const off = onLiveEvent((e) => {
      if (e.type.startsWith('watcher.')) void loadHealth();
      if (AGENT_EVENTS.test(e.type)) soonMcp();
      if (e.type === 'scan.failed' || e.type === 'watcher.error') {
        const why = typeof e.data['message'] === 'string' ? e.data['message'] : 'unknown error';
        store.set({
          toast: { text: `${e.type === 'scan.failed' ? 'Scan' : 'Watcher'} failed: ${why}`, tone: 'error' },
        });
      }
      if (e.type === 'scan.progress' && typeof e.data['index'] === 'number') {
        const total = e.data['total'];
        setProgress({ done: e.data['index'] + 1, total: typeof total === 'number' ? total : null });
      }
      if (e.type === 'scan.started' || e.type === 'scan.completed' || e.type === 'scan.failed')
        setProgress(null);
      if (e.type === 'scan.completed' && typeof e.data['durationMs'] === 'number')
        setScanDuration(e.data['durationMs']);
    });
    const poll = setInterval(() => {
      if (document.visibilityState === 'visible') void loadMcp();
    }, MCP_POLL_MS);
    return () => {
      off();
      clearInterval(poll);
      if (mcpTimer.current !== null) clearTimeout(mcpTimer.current);
    };
  }, [loadHealth, loadMcp]);

  // On first connect and on every reconnect: the server may be a new process with another watcher and MCP.
  useEffect(() => {
    if (connection !== 'open') return;
    void loadHealth();
    void loadMcp();
  }, [connection, loadHealth, loadMcp]);

  // The duration of the scan on screen: the persisted one when the page (re)connects, then each scan.completed
  // (which also counts persisting). A meta read per map reload would replace the event's figure with another.
  useEffect(() => {
    if (connection !== 'open') return;
    let stale = false;
    api
      .get<{ item: { stats?: { durationMs?: number } } }>('/api/scan?meta=1')
      .then((r) => {
        if (!stale) setScanDuration(r.item.stats?.durationMs ?? null);
      })
      .catch(() => undefined);
    return () => {
      stale = true;
    };
  }, [connection]);

  const setMcpEnabled = useCallback(async (enabled: boolean) => {
    try {
      setMcp(await api.patch<McpStatus>('/api/mcp/settings', { enabled }));
    } catch (err) {
      store.set({ toast: { text: `MCP setting not saved: ${(err as Error).message}`, tone: 'error' } });
    }
  }, []);

  return { watcher, mcp, scanDurationMs, progress, setMcpEnabled };
}

/** The current time, re-read every `everyMs` (for "time ago" texts). */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}
