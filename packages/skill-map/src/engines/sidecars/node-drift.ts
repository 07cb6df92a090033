import type { EngineContext } from '../context.js';
import { EngineError } from '../errors.js';
import { liveBodyCap, readLiveBody } from '../jobs/body-hash.js';

/**
 * A write that records the node's identity takes the hashes of the last scan: refused (`node-drifted`) when the file's
 * body has changed since (the sidecar would record a version of the file that is no longer there). Shared by the
 * actions that re-record identity (`core/node-bump`) and `sm sidecars annotate|refresh`.
 */
export function assertNodeUnchanged(ctx: EngineContext, nodePath: string, scanned: string): void {
  const live = readLiveBody(ctx.scopeRoot, nodePath, liveBodyCap(ctx.config()));
  if (live.ok && live.bodyHash === scanned) return;
  throw new EngineError(
    'node-drifted',
    live.ok
      ? `'${nodePath}' changed since the last scan; nothing was written (run \`sm scan\`, then retry)`
      : `'${nodePath}' cannot be read (${live.cause}); nothing was written`,
    { details: { node: nodePath } },
  );
}
