import type { EngineContext } from '../context.js';
import type { PreviewResult, SubmitInput } from './api.js';

export function previewJob(_ctx: EngineContext, _input: SubmitInput): Promise<PreviewResult> {
  return Promise.reject(new Error('not implemented yet'));
}
