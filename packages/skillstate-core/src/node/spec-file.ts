import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isSkillstateError, SkillstateError } from '../errors.js';
import { GENERIC_PROCEDURE_SPEC } from '../schemas/index.js';
import { parseSpec } from '../spec.js';
import type { SkillSpec } from '../spec.js';
import { CONFIG_FILE_MAX_BYTES, readBoundedTextSync } from './bounded-read.js';

/** The project file `skillstate init` writes and the server reads when no spec is named. */
export const PROJECT_SPEC_NAME = 'skill-spec.json';

/** Where a resolved spec came from. */
export type SpecSource = 'argument' | 'specPath' | 'env' | 'project' | 'builtin';

/** A resolved spec and its origin. */
export interface ResolvedSpec {
  spec: SkillSpec;
  source: SpecSource;
  /** The file it was read from, when it came from a file. */
  path?: string;
}

/** Inputs of {@link resolveSpec}, in priority order. */
export interface ResolveSpecOptions {
  spec?: SkillSpec;
  specPath?: string;
  env?: NodeJS.ProcessEnv;
  projectDir: string;
}

/**
 * Reads and checks a spec file; every failure names the file and what is wrong with it. Only a regular file
 * of at most {@link CONFIG_FILE_MAX_BYTES} is read.
 */
export function readSpecFile(path: string): SkillSpec {
  let text: string;
  try {
    text = readBoundedTextSync(path, CONFIG_FILE_MAX_BYTES);
  } catch (err) {
    const why = isSkillstateError(err, 'FILE_REFUSED')
      ? String(err.data?.['detail'])
      : (err as Error).message;
    throw new SkillstateError('SPEC_UNREADABLE', `spec file ${path} cannot be read: ${why}`, {
      data: { path },
      cause: err,
    });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new SkillstateError(
      'SPEC_INVALID',
      `spec file ${path} is not valid JSON: ${(err as Error).message}`,
      {
        data: { path },
        cause: err,
      },
    );
  }
  const parsed = parseSpec(raw);
  if (!parsed.ok) {
    throw new SkillstateError(
      'SPEC_INVALID',
      `spec file ${path} is not a valid spec: ${parsed.errors.join('; ')}`,
      {
        data: { path, errors: parsed.errors },
      },
    );
  }
  return parsed.value;
}

/** True when something is at `path` (or it cannot be told): that file is then read, and refused if unusable. */
function fileExists(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return true;
  }
}

/**
 * Picks the spec: the explicit object, then `specPath`, then `SKILLSTATE_SPEC_PATH`, then the project's
 * `skill-spec.json`, then the generic procedure spec. A named or present file that cannot be used throws;
 * it never silently falls back to another spec.
 */
export function resolveSpec(options: ResolveSpecOptions): ResolvedSpec {
  if (options.spec !== undefined) {
    const parsed = parseSpec(options.spec);
    if (!parsed.ok) throw new SkillstateError('SPEC_INVALID', `invalid spec: ${parsed.errors.join('; ')}`);
    return { spec: parsed.value, source: 'argument' };
  }
  const named = options.specPath ?? '';
  const fromEnv = options.env?.['SKILLSTATE_SPEC_PATH'] ?? '';
  if (named !== '' || fromEnv !== '') {
    const path = resolve(options.projectDir, named !== '' ? named : fromEnv);
    return { spec: readSpecFile(path), source: named !== '' ? 'specPath' : 'env', path };
  }
  const projectFile = join(resolve(options.projectDir), PROJECT_SPEC_NAME);
  if (fileExists(projectFile))
    return { spec: readSpecFile(projectFile), source: 'project', path: projectFile };
  return { spec: GENERIC_PROCEDURE_SPEC, source: 'builtin' };
}
