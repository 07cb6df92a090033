import type { EngineContext } from '../context.js';
import { createSidecarCurator } from '../sidecars/index.js';
import type { SidecarCurator } from '../sidecars/port.js';

/** The one `.sm` write chokepoint (engines/sidecars) for this context. */
export function curatorOf(ctx: EngineContext): SidecarCurator {
  return createSidecarCurator(ctx);
}
