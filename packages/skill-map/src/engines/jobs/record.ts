import type { EngineContext } from '../context.js';
import type { RecordInput, RecordOutcome } from './api.js';

export function recordJob(_ctx: EngineContext, _input: RecordInput): Promise<RecordOutcome> {
  return Promise.reject(new Error('not implemented yet'));
}
