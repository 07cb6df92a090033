export { PROCESSING_SKILL_NAME, processingAgentInstalled, processingSkillDirs } from './gate.js';
export { AGENT_HOSTS, defaultHost, FALLBACK_HOST, hostSkillDir, parseHost } from './hosts.js';
export type { AgentHost } from './hosts.js';
export { agentStatus, installAgent, uninstallAgent } from './install.js';
export type {
  AgentContext,
  AgentStatus,
  AgentTarget,
  FileState,
  HostDirStatus,
  InstallResult,
  UninstallResult,
} from './install.js';
export { PROCESSING_SKILL_FILES, SKILL_GITIGNORE } from './skill/index.js';
