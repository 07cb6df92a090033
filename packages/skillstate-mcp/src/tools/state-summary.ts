import { buildSummary, CURRENT_STATE_VERSION, readSessionMeta, sessionStaleness } from '@skillstate/core';
import { defineTool, ok, READ_ONLY, TARGET_PROPERTIES } from './define-tool.js';

/** state.summary: a compact projection of the state plus the session's lifecycle. */
export const stateSummary = defineTool({
  name: 'state.summary',
  description:
    'Compact orientation: goal, counts of progress/artifacts/blockers, the first next steps, truncated notes, other keys by kind, and the session (status, last activity, staleness, writes this session).',
  inputSchema: { type: 'object', properties: { ...TARGET_PROPERTIES } },
  annotations: READ_ONLY,
  requiresState: true,
  handler(args, ctx) {
    const target = ctx.state.target(args);
    const state = ctx.state.load(target);
    const meta = readSessionMeta(target.stateDir);
    return ok({
      ...buildSummary(state),
      session: {
        statePath: target.statePath,
        envelopeVersion: CURRENT_STATE_VERSION,
        protocolVersion: ctx.protocolVersion,
        seq: ctx.state.writes(target.statePath),
        status: meta?.status ?? null,
        lastActivityAt: meta?.lastActivityAt ?? null,
        staleness: sessionStaleness(meta, ctx.now().getTime()),
      },
    });
  },
});
