import { buildSummary, CURRENT_STATE_VERSION, readSessionMeta, sessionStaleness } from '@skillstate/core';
import { defineTool, ok, TARGET_PROPERTIES, READS } from './define-tool.js';
import { STATE_ICONS } from '../icons.js';
import { sessionFields } from './session-fields.js';
import { SUMMARY_OUTPUT } from './output-schemas.js';

/** state.summary: a compact projection of the state plus the session's lifecycle. */
export const stateSummary = defineTool({
  name: 'state.summary',
  title: 'Summarize state',
  description:
    'Compact orientation: goal, counts of progress/artifacts/blockers, the first next steps, truncated notes, other keys by kind, and the session (status, last activity, staleness, writes this session).',
  inputSchema: { type: 'object', properties: { ...TARGET_PROPERTIES } },
  effect: READS,
  output: SUMMARY_OUTPUT,
  icons: STATE_ICONS,
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
        ...sessionFields(meta),
        staleness: sessionStaleness(meta, ctx.now().getTime()),
      },
    });
  },
});
