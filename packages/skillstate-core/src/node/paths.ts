import { homedir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { SkillstateError } from '../errors.js';
import { sanitizeAgentId } from '../names.js';

/** The state file name a project keeps. */
export const STATE_FILE_NAME = 'skillstate.json';
/** The folder, inside a project, that holds its state. */
export const STATE_DIR_NAME = '.skillstate';

/**
 * Resolves `name` inside `root` and refuses anything that escapes it.
 * Security: this is the only way a caller-supplied name becomes a path.
 */
export function resolveStatePath(root: string, name: string): string {
  const base = resolve(root);
  const target = resolve(base, name);
  if (target !== base && !target.startsWith(base.endsWith(sep) ? base : base + sep)) {
    throw new SkillstateError('PATH_TRAVERSAL', `Path traversal blocked: ${name}`, { data: { name } });
  }
  return target;
}

/** Where the state of a working directory lives. */
export interface HostStateLocation {
  /** The state directory (`<cwd>/.skillstate`, or the global bucket when cwd is the home directory). */
  root: string;
  /** The state file name inside it. */
  name: string;
  /** The resolved state file, agent scope applied. */
  statePath: string;
}

/**
 * Resolves where a host working in `cwd` keeps its state. A session started in the home directory uses the
 * global bucket `~/.skillstate/global` so it never mixes with a project. An agent id scopes the file to
 * `agents/<id>/`.
 */
export function resolveHostStateForCwd(
  cwd: string,
  home: string = homedir(),
  agentId = '',
): HostStateLocation {
  const dir = resolve(cwd);
  const root =
    dir === resolve(home) ? join(resolve(home), STATE_DIR_NAME, 'global') : join(dir, STATE_DIR_NAME);
  const agent = sanitizeAgentId(agentId);
  const statePath = agent ? join(root, 'agents', agent, STATE_FILE_NAME) : join(root, STATE_FILE_NAME);
  return { root, name: STATE_FILE_NAME, statePath };
}
