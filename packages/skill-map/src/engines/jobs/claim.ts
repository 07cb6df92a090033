import type { EngineContext } from '../context.js';
import type { ClaimInput, ClaimWaitOptions, ClaimedJob } from './api.js';

export function claimJob(_ctx: EngineContext, _input: ClaimInput): ClaimedJob | null {
  throw new Error('not implemented yet');
}

export function claimJobWaiting(
  _ctx: EngineContext,
  _input: ClaimInput,
  _wait: ClaimWaitOptions,
): Promise<ClaimedJob | null> {
  return Promise.reject(new Error('not implemented yet'));
}
