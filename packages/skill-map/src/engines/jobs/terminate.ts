import type { EngineContext } from '../context.js';
import type { TerminateOutcome } from './api.js';

export function cancelJob(_ctx: EngineContext, _id: string): TerminateOutcome {
  throw new Error('not implemented yet');
}

export function failJob(_ctx: EngineContext, _id: string): TerminateOutcome {
  throw new Error('not implemented yet');
}
