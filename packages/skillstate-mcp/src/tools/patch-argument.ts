import { isPlainObject } from '@skillstate/core';
import { McpServerError } from '../errors.js';

/** The `patch` argument of state.patch and state.validate, which must be a plain object. */
export function requirePatch(args: Record<string, unknown>): Record<string, unknown> {
  const patch = args['patch'];
  if (!isPlainObject(patch)) throw new McpServerError('INVALID_ARGUMENT', 'patch must be an object');
  return patch;
}

/** JSON Schema of the `patch` argument. */
export const PATCH_PROPERTY = {
  type: 'object',
  description:
    'Fields to change. Keys must be declared by the spec; objects merge into objects, arrays and scalars replace, null deletes the key.',
} as const;
