import { useState } from 'react';
import type { McpStatus } from '../../api/types';

/**
 * The MCP opt-in (`mcp.server.enabled`, project-local): a checkbox that writes it through the REST settings route.
 * The endpoint and its tools are fixed when `sm serve` starts, so a change made here shows a restart notice until
 * the server is restarted.
 */
export function McpSetting({
  mcp,
  onChange,
}: {
  mcp: McpStatus | null;
  onChange: (enabled: boolean) => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  if (mcp === null) return null;
  const toggle = async (enabled: boolean): Promise<void> => {
    setBusy(true);
    try {
      await onChange(enabled);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="mcp-setting" data-configured={mcp.configured ? 'on' : 'off'}>
      <label title="mcp.server.enabled in .skill-map/settings.local.json (never committed)">
        <input
          type="checkbox"
          checked={mcp.configured}
          disabled={busy}
          onChange={(e) => void toggle(e.currentTarget.checked)}
        />{' '}
        MCP server on start
      </label>
      {mcp.restartRequired && (
        <span className="restart-notice" role="status">
          Restart <code>sm serve</code> for this to take effect (MCP {mcp.configured ? 'on' : 'off'} then).
        </span>
      )}
    </span>
  );
}
