import type { EngineContext } from '../context.js';
import type { SidecarCurator } from '../sidecars/port.js';

/** The one `.sm` write chokepoint (engines/sidecars) for this context. */
export function curatorOf(_ctx: EngineContext): SidecarCurator {
  throw new Error('the sidecar curator (engines/sidecars) is not merged yet');
}
