import { CLI_MD } from './cli-md.js';
import { MCP_MD } from './mcp-md.js';
import { SKILL_MD } from './skill-md.js';

/** The files of the sm-process-jobs skill, by name inside its folder (the set `sm agent install` compares). */
export const PROCESSING_SKILL_FILES: Readonly<Record<string, string>> = {
  'SKILL.md': SKILL_MD,
  'mcp.md': MCP_MD,
  'cli.md': CLI_MD,
};

/** What a fresh install drops beside them so the folder stays out of git. */
export const SKILL_GITIGNORE = '*\n';
