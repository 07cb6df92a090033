import { kindOf } from './json.js';
import type { JsonValue } from './json.js';
import { matchesFieldType } from './spec.js';
import type { SkillSpec } from './spec.js';

const NOTES_LIMIT = 200;

/** A compact projection of a state, for orientation without reading every value. */
export type StateSummary = Record<string, unknown>;

/** UTF-8 size of the compact JSON text of a value. */
export function jsonByteSize(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).length;
}

/**
 * Projects a state: `goal` verbatim, `notes` cut to 200 characters, counts for `progress`, `artifacts` and
 * `blockers`, the first three `next_steps`, other keys by kind. A state with none of those keys is described
 * by its keys and size only.
 */
export function buildSummary(state: Record<string, unknown>): StateSummary {
  const out: StateSummary = {};
  const other: Record<string, string> = {};
  let recognised = false;
  for (const [key, value] of Object.entries(state)) {
    if (key === 'goal' && typeof value === 'string') out[key] = value;
    else if (key === 'notes' && typeof value === 'string') {
      out[key] = value.length > NOTES_LIMIT ? `${value.slice(0, NOTES_LIMIT)}…` : value;
    } else if ((key === 'progress' || key === 'artifacts' || key === 'blockers') && Array.isArray(value)) {
      out[key] = { count: value.length };
    } else if (key === 'next_steps' && Array.isArray(value)) {
      out[key] = { count: value.length, first: value.slice(0, 3) };
    } else {
      other[key] = kindOf(value);
      continue;
    }
    recognised = true;
  }
  if (!recognised) return { keys: other, size_bytes: jsonByteSize(state) };
  if (Object.keys(other).length > 0) out['other'] = other;
  out['size_bytes'] = jsonByteSize(state);
  return out;
}

/** Guidance for the next step: goal, how much is done, what is next, what blocks. */
export interface NextGuidance {
  goal: string | null;
  completed: number;
  next: unknown[];
  blockers: unknown[];
  suggestion: unknown;
}

/** Derives {@link NextGuidance} from a state that follows the generic procedure fields. */
export function nextGuidance(state: Record<string, unknown>): NextGuidance {
  const goal = state['goal'];
  const progress = state['progress'];
  const nextSteps = Array.isArray(state['next_steps']) ? (state['next_steps'] as unknown[]) : [];
  const blockers = state['blockers'];
  return {
    goal: typeof goal === 'string' ? goal : null,
    completed: Array.isArray(progress) ? progress.length : 0,
    next: nextSteps.slice(0, 3),
    blockers: Array.isArray(blockers) ? (blockers as unknown[]) : [],
    suggestion: nextSteps.length > 0 ? nextSteps[0] : 'set next_steps via state.patch',
  };
}

const PLACEHOLDERS: Record<string, JsonValue> = {
  goal: 'Describe what the procedure is trying to achieve',
  progress: ['Completed milestone'],
  next_steps: ['Next action to take'],
  artifacts: ['path/to/artifact'],
  blockers: [],
  notes: 'Working notes persisted between steps',
};

const TYPE_DEFAULTS: Record<string, JsonValue> = {
  string: '',
  number: 0,
  boolean: false,
  array: [],
  object: {},
};

/** A ready-made patch that passes validation: placeholders for the generic fields, type defaults otherwise. */
export function examplePatch(spec: SkillSpec): Record<string, JsonValue> {
  const patch: Record<string, JsonValue> = {};
  for (const [key, field] of Object.entries(spec.schema)) {
    const placeholder = Object.prototype.hasOwnProperty.call(PLACEHOLDERS, key)
      ? PLACEHOLDERS[key]
      : undefined;
    const usable = placeholder !== undefined && matchesFieldType(field.type, placeholder);
    patch[key] = structuredClone(usable ? placeholder : (TYPE_DEFAULTS[field.type] ?? null));
  }
  return patch;
}
