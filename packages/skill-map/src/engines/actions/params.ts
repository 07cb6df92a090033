import type { ActionParam } from '../../kernel/index.js';
import { EngineError } from '../errors.js';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function bad(actionId: string, message: string, details: Record<string, unknown>): EngineError {
  return new EngineError('invalid-input', `${actionId}: ${message}`, {
    details: { action: actionId, ...details },
  });
}

function checkValue(actionId: string, name: string, spec: ActionParam, value: unknown): void {
  const values = spec.type === 'string-list' ? value : [value];
  if (!Array.isArray(values) || !values.every((v) => typeof v === 'string'))
    throw bad(
      actionId,
      `input ${name} must be ${spec.type === 'string' ? 'a string' : 'a list of strings'}`,
      {
        argument: name,
      },
    );
  const off = spec.enum === undefined ? [] : values.filter((v) => !spec.enum!.includes(v));
  if (off.length > 0)
    throw bad(actionId, `input ${name}: '${off[0]}' is not one of ${spec.enum!.join(', ')}`, {
      argument: name,
      allowed: spec.enum,
    });
}

/** The action's input checked against its params: an object, no unknown key, required ones present, types right. */
export function validateInput(
  actionId: string,
  params: Readonly<Record<string, ActionParam>>,
  input: unknown,
): Record<string, unknown> {
  const given = input === undefined || input === null ? {} : input;
  if (!isRecord(given)) throw bad(actionId, 'input must be a JSON object', { argument: 'input' });
  const known = Object.keys(params);
  const unknown = Object.keys(given).filter((k) => !Object.hasOwn(params, k));
  if (unknown.length > 0)
    throw bad(
      actionId,
      `unknown input ${unknown.join(', ')} (${known.length === 0 ? 'it takes no input' : `accepted: ${known.join(', ')}`})`,
      { unknown, accepted: known },
    );
  for (const [name, spec] of Object.entries(params)) {
    if (given[name] === undefined) {
      if (spec.required === true)
        throw bad(actionId, `input ${name} is required (${spec.description})`, { argument: name });
      continue;
    }
    checkValue(actionId, name, spec, given[name]);
  }
  return JSON.parse(JSON.stringify(given)) as Record<string, unknown>;
}
