import { sessionMetaPath, writeSessionMeta } from '@skillstate/core';
import type { SessionMeta } from '@skillstate/core';
import { McpServerError } from '../errors.js';
import { defineTool, ok, TARGET_PROPERTIES } from './define-tool.js';
import { STATE_ICONS } from '../icons.js';
import { FINALIZE_OUTPUT } from './output-schemas.js';

/**
 * state.finalize: the agent's own "I am done" marker in the session sidecar. Terminal statuses are never
 * overwritten by an interrupt. The state file itself is not touched.
 */
export const stateFinalize = defineTool({
  name: 'state.finalize',
  title: 'Finalize session',
  description:
    'Mark this session finished: status "completed" or "failed", with an optional one-line result. Call it once, at the very end.',
  inputSchema: {
    type: 'object',
    properties: {
      status: { type: 'string', enum: ['completed', 'failed'], description: 'How the procedure ended.' },
      result: { type: 'string', description: 'Optional one-line outcome.' },
      ...TARGET_PROPERTIES,
    },
    required: ['status'],
  },
  effect: { readOnlyHint: false, destructiveHint: true, idempotentHint: false },
  output: FINALIZE_OUTPUT,
  icons: STATE_ICONS,
  requiresState: true,
  async handler(args, ctx) {
    const status = args['status'];
    if (status !== 'completed' && status !== 'failed') {
      throw new McpServerError(
        'INVALID_ARGUMENT',
        `status must be "completed" or "failed", got: ${String(JSON.stringify(status))}`,
      );
    }
    const target = ctx.state.target(args);
    const finishedAt = ctx.now().toISOString();
    const patch: Partial<SessionMeta> = { status, finishedAt };
    const result = args['result'];
    if (typeof result === 'string') patch.result = result;
    await writeSessionMeta(target.stateDir, patch, ctx.state.storage);
    const out: Record<string, unknown> = {
      status,
      finishedAt,
      sessionMetaPath: sessionMetaPath(target.stateDir),
    };
    if (typeof result === 'string') out['result'] = result;
    return ok(out);
  },
});
