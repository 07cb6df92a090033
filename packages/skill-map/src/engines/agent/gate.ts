import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LENS_PROVIDERS } from '../../kernel/index.js';

/** The folder name of skill-map's processing-agent skill under a host's skill directory. */
export const PROCESSING_SKILL_NAME = 'sm-process-jobs';

/** Every host skill directory a processing skill may live in (`.claude/skills`, `.agents/skills`, ...), deduplicated. */
export function processingSkillDirs(): string[] {
  const dirs = LENS_PROVIDERS.map((p) => p.skillDir).filter((d): d is string => d !== null);
  return [...new Set(dirs)];
}

/**
 * The processing-agent gate (spec §4.3): true when `sm-process-jobs/SKILL.md` exists under ANY host's skill
 * directory of the project (a stale copy passes). Operator submits refuse with `no-processing-agent` otherwise.
 */
export function processingAgentInstalled(scopeRoot: string): boolean {
  return processingSkillDirs().some((dir) =>
    existsSync(join(scopeRoot, dir, PROCESSING_SKILL_NAME, 'SKILL.md')),
  );
}
