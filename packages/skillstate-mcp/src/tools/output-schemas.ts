// The outputSchema of every tool: JSON Schemas (2020-12, also valid draft-07) of the structuredContent each
// tool answers with. Every schema accepts the tool's success shape or the refusal shape any call can get
// (`{error}`; a refused patch adds `valid: false` and `field`), so a result always validates against it.
// Closed shapes (additionalProperties: false) list every key a result may have; states are open objects.

type Schema = Record<string, unknown>;

const STRING = { type: 'string' };
const BOOLEAN = { type: 'boolean' };
const NUMBER = { type: 'number' };
const COUNT = { type: 'integer', minimum: 0 };
const STRINGS = { type: 'array', items: STRING };
const VALUES = { type: 'array' };
const ANY = {};
const NULL = { type: 'null' };
const STRING_OR_NULL = { anyOf: [STRING, NULL] };
const STALENESS = { type: 'string', enum: ['active', 'stale', 'orphan'] };

/** An object with exactly these keys, all required but `optional`. */
function closed(properties: Record<string, Schema>, optional: readonly string[] = []): Schema {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties).filter((key) => !optional.includes(key)),
    additionalProperties: false,
  };
}

/** A state object: the spec's fields and their values (open: any key). */
export const STATE: Schema = {
  type: 'object',
  description: "A state object: the spec's fields and their values, redacted.",
};

const CHANGES = closed({ added: STRINGS, updated: STRINGS, deleted: STRINGS });

/** What every tool may answer with when it refuses (isError): the message, and a refused patch's field. */
export const REFUSAL: Schema = closed(
  { error: STRING, valid: { type: 'boolean', const: false }, field: STRING },
  ['valid', 'field'],
);

/** The outputSchema of a tool whose success looks like `success`. */
export function resultSchema(success: Schema): { type: 'object' } & Schema {
  return { type: 'object', anyOf: [success, REFUSAL] };
}

/** state.patch. */
export const PATCH_OUTPUT = closed({ state: STATE, changes: CHANGES, warnings: STRINGS });

/** state.validate: the verdict, valid or not (a normal result either way). */
export const VERDICT_OUTPUT = closed({ valid: BOOLEAN, error: STRING, field: STRING }, ['error', 'field']);

/** state.diff (`before` and `after` with `full: true`). */
export const DIFF_OUTPUT = closed({ changes: CHANGES, before: STATE, after: STATE }, ['before', 'after']);

const CHECKPOINT = closed({ checkpointId: STRING, seq: COUNT, label: STRING, createdAt: STRING });

/** state.checkpoint. */
export const CHECKPOINT_OUTPUT = closed({
  checkpointId: STRING,
  seq: COUNT,
  label: STRING,
  checkpoints: { type: 'array', items: CHECKPOINT },
});

/** state.rollback. */
export const ROLLBACK_OUTPUT = closed(
  { checkpointId: STRING, state: STATE, preservedUnreadableFile: STRING },
  ['preservedUnreadableFile'],
);

const KINDS = { type: 'object', additionalProperties: STRING };
const COUNTED = closed({ count: COUNT });
const SESSION = closed({
  statePath: STRING,
  envelopeVersion: COUNT,
  protocolVersion: STRING_OR_NULL,
  seq: COUNT,
  status: STRING_OR_NULL,
  lastActivityAt: STRING_OR_NULL,
  staleness: STALENESS,
});

/** state.summary: the generic fields projected, other keys by kind (or only `keys`), the size, the session. */
export const SUMMARY_OUTPUT = closed(
  {
    goal: STRING,
    notes: STRING,
    progress: COUNTED,
    artifacts: COUNTED,
    blockers: COUNTED,
    next_steps: closed({ count: COUNT, first: VALUES }),
    other: KINDS,
    keys: KINDS,
    size_bytes: COUNT,
    session: SESSION,
  },
  ['goal', 'notes', 'progress', 'artifacts', 'blockers', 'next_steps', 'other', 'keys'],
);

/** state.metrics (sizes in characters; accuracy null before any actionable step). */
export const METRICS_OUTPUT = closed({
  accuracy: { anyOf: [NUMBER, NULL] },
  averagePromptSize: NUMBER,
  totalTokens: NUMBER,
});

/** state.finalize. */
export const FINALIZE_OUTPUT = closed(
  {
    status: { type: 'string', enum: ['completed', 'failed'] },
    finishedAt: STRING,
    sessionMetaPath: STRING,
    result: STRING,
  },
  ['result'],
);

const FIELD = {
  type: 'object',
  properties: { type: STRING, default: ANY, description: STRING },
  required: ['type', 'default'],
};

/** spec.get. */
export const SPEC_OUTPUT = closed({
  id: STRING,
  name: STRING,
  version: STRING,
  instructions: STRING,
  schema: { type: 'object', additionalProperties: FIELD },
  example_state_patch: STATE,
});

/** spec.next (`suggestion` is the first next step, whatever its type, or a reminder). */
export const NEXT_OUTPUT = closed({
  goal: STRING_OR_NULL,
  completed: COUNT,
  next: VALUES,
  blockers: VALUES,
  suggestion: ANY,
});

const AGENT_ENTRY = closed(
  {
    id: STRING,
    statePath: STRING,
    exists: BOOLEAN,
    status: STRING_OR_NULL,
    lastActivityAt: STRING_OR_NULL,
    staleness: STALENESS,
    ageMs: NUMBER,
    summary: closed({ keys: STRINGS, size_bytes: COUNT }),
    unreadable: STRING,
    lastModified: STRING_OR_NULL,
  },
  ['ageMs', 'summary', 'unreadable'],
);

/** agent.list. */
export const AGENTS_OUTPUT = closed({ agents: { type: 'array', items: AGENT_ENTRY } });

/** agent.read. */
export const AGENT_READ_OUTPUT = closed({ agent: STRING, statePath: STRING, state: STATE });

/** agent.merge. */
export const AGENT_MERGE_OUTPUT = closed({
  agent: STRING,
  keep: { type: 'string', enum: ['main', 'sub'] },
  state: STATE,
  changes: CHANGES,
});
