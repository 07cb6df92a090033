import type { EngineContext, JobEventSink } from '../engines/context.js';
import { createEngineContext } from '../engines/operable/create-context.js';
import type { EngineContextFactory } from '../server/ports.js';
import type { VerbContext } from './verbs.js';

/**
 * The operable engines' context of one CLI run (channel `cli`). `events` is where job events go: the push leg to
 * a running `sm serve` (so `/ws` carries them) when the jobs verbs provide one, else nowhere.
 */
export function cliEngineContext(ctx: VerbContext, events?: JobEventSink): EngineContext {
  return createEngineContext({
    scopeRoot: ctx.project.root,
    dbPath: ctx.project.dbPath,
    channel: 'cli',
    ...(events === undefined ? {} : { events }),
  });
}

/** The engines factory `sm serve` hands the server (REST on channel `ui`, MCP on `mcp`, events on its broadcaster). */
export function serverEngineFactory(scopeRoot: string, dbPath: string): EngineContextFactory {
  return (channel, events) =>
    createEngineContext({ scopeRoot, dbPath, channel, events, reuseConnection: true });
}
