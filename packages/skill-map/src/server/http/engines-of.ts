import { ServerError } from '../errors.js';
import type { EngineContext } from '../../engines/context.js';
import type { AppContext } from './app-context.js';

/** The engines of a mutating or operable route; 503 when the composition root gave none. */
export function enginesOf(ctx: AppContext): EngineContext {
  if (ctx.engines === null)
    throw new ServerError('scan-unavailable', 'this server was started without the job and findings engines');
  return ctx.engines;
}
