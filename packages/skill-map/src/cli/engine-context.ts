import type { EngineContext, JobEventSink } from '../engines/context.js';
import { createEngineContext } from '../engines/operable/create-context.js';
import type { EngineContextFactory } from '../server/ports.js';
import { createPgEventRelay } from '../adapters/postgres/event-relay.js';
import { projectIdOf } from '../adapters/postgres/project-id.js';
import { withoutPassword } from '../adapters/postgres/url.js';
import { CliError } from './errors.js';
import type { VerbContext } from './verbs.js';

/**
 * The operable engines' context of one CLI run (channel `cli`). `events` is where job events go: the push leg to
 * a running `sm serve` (so `/ws` carries them) when the jobs verbs provide one, else nowhere.
 */
export function cliEngineContext(ctx: VerbContext, events?: JobEventSink): EngineContext {
  const url = ctx.project.server;
  return createEngineContext({
    scopeRoot: ctx.project.root,
    dbPath: ctx.project.dbPath,
    channel: 'cli',
    ...(events === undefined ? {} : { events }),
    ...(url === undefined ? {} : { server: { url, projectId: scannedProjectId(ctx, url) } }),
  });
}

/** The project's id in the shared database; a project never scanned into one has none (not found, exit 5). */
function scannedProjectId(ctx: VerbContext, url: string): string {
  const id = projectIdOf(ctx.project.root);
  if (id !== null) return id;
  throw new CliError('NOT_FOUND', `this project has not been scanned into ${withoutPassword(url)} yet`, {
    hint: 'run `sm scan` with the same --db / SKILL_MAP_DB first',
  });
}

/**
 * The engines factory `sm serve` hands the server (REST on channel `ui`, MCP on `mcp`, events on its broadcaster);
 * `server`: the project's state is in a shared PostgreSQL database. There the events of this server's calls are also
 * published to the other servers of the project, and theirs delivered here (adapters/postgres/event-relay.ts): each
 * server's `/ws` reflects a job recorded through any of them.
 */
export function serverEngineFactory(
  scopeRoot: string,
  dbPath: string,
  server?: { url: string; projectId: string },
): EngineContextFactory {
  const relay = server === undefined ? null : createPgEventRelay(server.url, server.projectId);
  return (channel, events) => {
    relay?.subscribe(events);
    return createEngineContext({
      scopeRoot,
      dbPath,
      channel,
      events:
        relay === null
          ? events
          : {
              emit: (e) => {
                events.emit(e);
                relay.publish(e);
              },
            },
      reuseConnection: true,
      ...(server === undefined ? {} : { server }),
    });
  };
}
