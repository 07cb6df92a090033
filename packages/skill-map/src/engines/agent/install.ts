import { join } from 'node:path';
import { isAdapterError } from '../../adapters/errors.js';
import { openSkillFolder } from '../../adapters/fs/skill-folder.js';
import type { SkillFolder } from '../../adapters/fs/skill-folder.js';
import type { EngineContext } from '../context.js';
import { EngineError } from '../errors.js';
import { PROCESSING_SKILL_NAME, processingAgentInstalled } from './gate.js';
import { AGENT_HOSTS, defaultHost, hostSkillDir, parseHost } from './hosts.js';
import type { AgentHost } from './hosts.js';
import { PROCESSING_SKILL_FILES, SKILL_GITIGNORE } from './skill/index.js';

/** What the agent engine needs of the channel's context (no database, no ops log: installers are exempt, §11). */
export type AgentContext = Pick<EngineContext, 'scopeRoot' | 'config'>;

/** `--for` as typed (validated here), or absent for the project's default host. */
export interface AgentTarget {
  host?: string;
}

export interface InstallResult {
  host: AgentHost;
  /** Project-relative folder of the skill (`.claude/skills/sm-process-jobs`). */
  dir: string;
  /** `installed`: none of our files were there; `updated`: some differed; `up-to-date`: byte-identical, nothing written. */
  outcome: 'installed' | 'updated' | 'up-to-date';
  /** The files written this run. */
  written: string[];
}

export interface UninstallResult {
  host: AgentHost;
  dir: string;
  outcome: 'removed' | 'not-installed';
  removed: string[];
  /** Files in the folder that are not ours, left in place (the folder stays when any remain). */
  kept: string[];
}

export type FileState = 'current' | 'differs' | 'missing';

export interface HostDirStatus {
  /** Project-relative skill folder. */
  dir: string;
  /** The hosts that read this folder (`codex` and `agent-skills` share `.agents/skills`). */
  hosts: AgentHost[];
  /** `current`: every file byte-identical to this build; `outdated`: some present, some differ or are missing. */
  state: 'current' | 'outdated' | 'absent';
  files: Record<string, FileState>;
}

export interface AgentStatus {
  defaultHost: AgentHost;
  /** The processing-agent gate: true when any host folder holds our SKILL.md (a stale copy passes). */
  installed: boolean;
  dirs: HostDirStatus[];
}

const FILE_NAMES = Object.keys(PROCESSING_SKILL_FILES);

function skillDirOf(host: AgentHost): string {
  return `${hostSkillDir(host)}/${PROCESSING_SKILL_NAME}`;
}

/** The host's skill folder; refuses (nothing written) when a symlink points it outside the project. */
function folderOf(ctx: AgentContext, host: AgentHost): SkillFolder {
  const folder = openSkillFolder(join(ctx.scopeRoot, ...skillDirOf(host).split('/')));
  if (folder.escapes(ctx.scopeRoot))
    throw new EngineError(
      'invalid-input',
      `refusing to touch ${skillDirOf(host)}: it resolves outside the project (a symlink); remove the link or install for another host`,
      { details: { argument: 'for', dir: skillDirOf(host) } },
    );
  return folder;
}

function hostOf(ctx: AgentContext, target: AgentTarget): AgentHost {
  return target.host === undefined ? defaultHost(ctx) : parseHost(target.host);
}

/** One of our files as it is: a file there that is not a readable regular file (a symlink to /dev/zero) differs. */
function fileState(folder: SkillFolder, name: string, text: string): FileState {
  let current: string | null;
  try {
    current = folder.read(name);
  } catch (err) {
    if (isAdapterError(err, 'FILE_UNREADABLE')) return 'differs';
    throw err;
  }
  return current === null ? 'missing' : current === text ? 'current' : 'differs';
}

function fileStates(folder: SkillFolder): Record<string, FileState> {
  const states: Record<string, FileState> = {};
  for (const [name, text] of Object.entries(PROCESSING_SKILL_FILES))
    states[name] = fileState(folder, name, text);
  return states;
}

/**
 * Materializes the sm-process-jobs skill for one host (spec §4.3): the three files, each written atomically, only
 * those that differ; a fresh install also drops a `.gitignore` of `*` so the folder stays out of git.
 */
export function installAgent(ctx: AgentContext, target: AgentTarget = {}): InstallResult {
  const host = hostOf(ctx, target);
  const folder = folderOf(ctx, host);
  const states = fileStates(folder);
  const stale = FILE_NAMES.filter((n) => states[n] !== 'current');
  const dir = skillDirOf(host);
  if (stale.length === 0) return { host, dir, outcome: 'up-to-date', written: [] };
  const fresh = FILE_NAMES.every((n) => states[n] === 'missing');
  const written: string[] = [];
  for (const name of stale) {
    folder.write(name, PROCESSING_SKILL_FILES[name]!);
    written.push(name);
  }
  if (fresh && folder.read('.gitignore') === null) {
    folder.write('.gitignore', SKILL_GITIGNORE);
    written.push('.gitignore');
  }
  return { host, dir, outcome: fresh ? 'installed' : 'updated', written };
}

/** Removes our files from one host's folder (and our `.gitignore` if unchanged); foreign files stay. */
export function uninstallAgent(ctx: AgentContext, target: AgentTarget = {}): UninstallResult {
  const host = hostOf(ctx, target);
  const folder = folderOf(ctx, host);
  const dir = skillDirOf(host);
  if (!folder.exists()) return { host, dir, outcome: 'not-installed', removed: [], kept: [] };
  const removed = FILE_NAMES.filter((n) => folder.read(n) !== null);
  if (folder.read('.gitignore') === SKILL_GITIGNORE) removed.push('.gitignore');
  for (const name of removed) folder.remove(name);
  const kept = folder.removeIfEmpty() ? [] : folder.list().filter((n) => !removed.includes(n));
  return { host, dir, outcome: removed.length === 0 ? 'not-installed' : 'removed', removed, kept };
}

/** Each host skill folder with the state of our files, the default host and the gate's verdict. */
export function agentStatus(ctx: AgentContext, target: AgentTarget = {}): AgentStatus {
  const only = target.host === undefined ? null : parseHost(target.host);
  const byDir = new Map<string, AgentHost[]>();
  for (const host of AGENT_HOSTS) {
    if (only !== null && host !== only) continue;
    const dir = skillDirOf(host);
    byDir.set(dir, [...(byDir.get(dir) ?? []), host]);
  }
  const dirs: HostDirStatus[] = [...byDir].map(([dir, hosts]) => {
    // Read-only: a symlinked folder is reported as it is, never refused.
    const files = fileStates(openSkillFolder(join(ctx.scopeRoot, ...dir.split('/'))));
    const values = Object.values(files);
    const state = values.every((v) => v === 'current')
      ? 'current'
      : values.every((v) => v === 'missing')
        ? 'absent'
        : 'outdated';
    return { dir, hosts, state, files };
  });
  return { defaultHost: defaultHost(ctx), installed: processingAgentInstalled(ctx.scopeRoot), dirs };
}
