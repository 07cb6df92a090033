import { createOpsLog, loadConfig, setConfigValue } from '../../adapters/index.js';

/** The merged settings and, when the loader tracks it, the layer each leaf came from. */
export interface SettingsView {
  readonly merged: Readonly<Record<string, unknown>>;
  sourceOf?(key: string): string | undefined;
}

const KEY = 'mcp.server.enabled';

function leaf(obj: Readonly<Record<string, unknown>>, path: string): unknown {
  let cur: unknown = obj;
  for (const key of path.split('.')) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/**
 * The MCP opt-in as settings say it: `mcp.server.enabled` is `true` AND comes from the project-local layer (or a
 * runtime override). A committed `settings.json` must never switch on a surface that grants local processes
 * control; the loader strips it from that layer already, this re-checks the provenance when it is known.
 */
export function mcpEnabledIn(settings: SettingsView): boolean {
  if (leaf(settings.merged, KEY) !== true) return false;
  const source = settings.sourceOf?.(KEY);
  return source === undefined || source === 'project-local' || source === 'override';
}

/** The opt-in as the project's settings files say it now. */
export function readMcpServerEnabled(projectRoot: string): boolean {
  return mcpEnabledIn(loadConfig({ projectRoot }));
}

/**
 * Writes the opt-in to the project-local settings (the writer's layer for this key, never committed), logs the
 * change (key only, as `sm config set` does) and returns the value the settings now give. It takes effect when
 * `sm serve` or `sm mcp` next starts: the endpoint and its tools are fixed at boot.
 */
export async function setMcpServerEnabled(
  projectRoot: string,
  enabled: boolean,
  channel: 'cli' | 'ui',
): Promise<boolean> {
  setConfigValue({ projectRoot, key: KEY, value: enabled });
  const opsLog = createOpsLog({ projectRoot });
  opsLog.append({ op: 'config.set', target: '*', channel, outcome: 'ok', detail: `key=${KEY}` });
  await opsLog.flush();
  return readMcpServerEnabled(projectRoot);
}
