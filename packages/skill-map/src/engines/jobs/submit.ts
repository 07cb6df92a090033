import type { EngineContext } from '../context.js';
import type { SubmitInput, SubmitOutcome } from './api.js';

export function submitJob(_ctx: EngineContext, _input: SubmitInput): Promise<SubmitOutcome> {
  return Promise.reject(new Error('not implemented yet'));
}
