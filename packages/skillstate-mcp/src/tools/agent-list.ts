import { readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import {
  AGENT_ID_PATTERN,
  jsonByteSize,
  readSessionMeta,
  readStateFile,
  resolveStatePath,
  sessionStaleness,
} from '@skillstate/core';
import { defineTool, ok, READS } from './define-tool.js';
import { AGENT_ICONS } from '../icons.js';
import { sessionFields } from './session-fields.js';
import { AGENTS_OUTPUT } from './output-schemas.js';

function lastModified(path: string): string | null {
  try {
    return statSync(path).mtime.toISOString();
  } catch {
    return null;
  }
}

/** One agent entry: where its state is, whether it is alive, and a light summary (keys and size, no values). */
function describeAgent(root: string, name: string, id: string, now: number): Record<string, unknown> {
  const statePath = resolveStatePath(root, `agents/${id}/${name}`);
  const read = readStateFile(statePath);
  const meta = readSessionMeta(dirname(statePath));
  const session = sessionFields(meta);
  const entry: Record<string, unknown> = {
    id,
    statePath,
    exists: read.kind !== 'missing',
    ...session,
    staleness: sessionStaleness(meta, now),
  };
  const ageMs = session.lastActivityAt === null ? NaN : now - Date.parse(session.lastActivityAt);
  if (session.status === 'running' && Number.isFinite(ageMs)) entry['ageMs'] = ageMs;
  if (read.kind === 'ok') {
    const state = read.envelope.state;
    entry['summary'] = { keys: Object.keys(state), size_bytes: jsonByteSize(state) };
  } else if (read.kind === 'unreadable') {
    entry['unreadable'] = read.reason;
  }
  entry['lastModified'] = lastModified(statePath);
  return entry;
}

/** agent.list: every sub-agent under `<state directory>/agents/`, sorted by id. */
export const agentList = defineTool({
  name: 'agent.list',
  title: 'List sub-agents',
  description:
    'List sub-agents (agents/<id>/ under the state directory) with their session status, staleness and a light summary (top-level keys and size).',
  inputSchema: { type: 'object', properties: {} },
  effect: READS,
  output: AGENTS_OUTPUT,
  icons: AGENT_ICONS,
  requiresState: true,
  handler(_args, ctx) {
    const { root, name } = ctx.state;
    let ids: string[];
    try {
      ids = readdirSync(join(resolve(root), 'agents'), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && AGENT_ID_PATTERN.test(entry.name))
        .map((entry) => entry.name)
        .sort((a, b) => a.localeCompare(b));
    } catch {
      return ok({ agents: [] });
    }
    const now = ctx.now().getTime();
    return ok({ agents: ids.map((id) => describeAgent(root, name, id, now)) });
  },
});
