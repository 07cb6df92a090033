import type { EngineContext } from '../context.js';
import { toExtensionInfo } from './catalog.js';
import type { ExtensionInfo } from './types.js';

/**
 * Every enabled, unlocked probabilistic extension, sorted by id, under the config as it is NOW (re-read per call, so
 * a toggle made mid-session applies on the next call). What `list_extensions`, `GET /api/extensions` and
 * `sm jobs extensions` show.
 */
export async function listExtensions(
  ctx: Pick<EngineContext, 'extensions' | 'config'>,
): Promise<ExtensionInfo[]> {
  await ctx.extensions.refresh?.(ctx.config());
  return ctx.extensions.listEnabled(ctx.config()).map(toExtensionInfo);
}
