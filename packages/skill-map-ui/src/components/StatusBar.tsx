import { useMemo } from 'react';
import { useApp } from '../state/store';
import { countBySeverity } from './issues/issue-model';
import { SeverityCounts } from './issues/SeverityCounts';
import { duration, localTime, timeAgo } from './jobs/format';
import { useNow, useServerStatus } from './status/use-server-status';
import type { ServerStatus } from './status/use-server-status';
import { McpSetting } from './status/McpSetting';
import { ShortcutsHelp } from './status/ShortcutsHelp';
import { Toast } from './status/Toast';
import { openShortcutsHelp } from '../keyboard';
import '../styles/views.css';
import '../styles/status-bar.css';

const CONNECTION_TEXT = {
  open: 'Live',
  lost: 'Connection lost, reconnecting…',
  connecting: 'Connecting…',
} as const;

function watcherText(w: ServerStatus['watcher']): string {
  if (w === null) return 'watcher unknown';
  if (w.state === 'watching') return w.lastError === null ? 'watching files' : 'watching (last error)';
  if (w.state === 'starting') return 'watcher starting';
  return w.state === 'off' ? 'watcher off' : 'watcher stopped';
}

function mcpText(m: ServerStatus['mcp']): string {
  if (m === null) return 'MCP unknown';
  if (!m.enabled) return 'MCP off';
  if (m.clients === 0) return 'MCP on, no agent';
  return `MCP on, ${m.clients} ${m.clients === 1 ? 'agent' : 'agents'} connected`;
}

/** The bottom line: connection, last scan, counts, watcher, last activity, MCP; and the toast region. */
export function StatusBar() {
  const connection = useApp((s) => s.connection);
  const scanning = useApp((s) => s.scanning);
  const map = useApp((s) => s.map);
  const lastActivity = useApp((s) => s.activity.lastEventAt);
  const status = useServerStatus();
  const now = useNow(15_000);
  const issues = useMemo(() => countBySeverity(map?.issues ?? []), [map]);

  return (
    <footer className="status-bar" aria-label="Status" data-connection={connection} data-scanning={scanning}>
      <span role="status" className={`conn conn-${connection}`}>
        <span className="dot" aria-hidden="true" />
        {CONNECTION_TEXT[connection]}
      </span>
      <span className="scan">
        {scanning ? (
          <span className="scanning">
            Scanning…
            {status.progress !== null &&
              ` ${status.progress.done}${status.progress.total === null ? '' : ` of ${status.progress.total}`} files`}
          </span>
        ) : map === null ? (
          'No map yet'
        ) : map.scannedAt === 0 ? (
          'Never scanned'
        ) : (
          <span title={localTime(map.scannedAt)}>
            Last scan {timeAgo(map.scannedAt, now)}
            {status.scanDurationMs !== null && ` (${duration(status.scanDurationMs)})`}
          </span>
        )}
      </span>
      {map !== null && (
        <span className="counts" data-nodes={map.counts.nodes} data-links={map.counts.links}>
          {map.counts.nodes} nodes · {map.counts.links} links ·{' '}
          {map.counts.issues === 0 ? 'no issues' : <SeverityCounts counts={issues} />}
        </span>
      )}
      <span
        className="watcher"
        data-watcher={status.watcher?.state ?? 'unknown'}
        title={status.watcher?.lastError ?? undefined}
      >
        {watcherText(status.watcher)}
      </span>
      {lastActivity !== null && (
        <span className="activity" title={localTime(lastActivity)} data-last-activity={lastActivity}>
          last activity {timeAgo(lastActivity, Math.max(now, lastActivity))}
        </span>
      )}
      <span className="mcp" data-mcp={status.mcp === null ? 'unknown' : status.mcp.enabled ? 'on' : 'off'}>
        {mcpText(status.mcp)}
      </span>
      <McpSetting mcp={status.mcp} onChange={status.setMcpEnabled} />
      <button type="button" className="link-button shortcuts" onClick={openShortcutsHelp}>
        Keyboard shortcuts (?)
      </button>
      <Toast />
      <ShortcutsHelp />
    </footer>
  );
}
