import type { Analyzer } from '../analyzer.js';
import { agentColorInvalidAnalyzer } from './agent-color-invalid.js';
import { agentSkillUnknownAnalyzer } from './agent-skill-unknown.js';
import { frontmatterFieldMissingAnalyzer } from './field-missing.js';
import { hookCommandMissingAnalyzer } from './hook-command-missing.js';
import { hookEventUnknownAnalyzer } from './hook-event-unknown.js';
import { permissionRuleUnknownAnalyzer } from './permission-rule-unknown.js';
import { importCircularAnalyzer } from './import-circular.js';
import { importTooDeepAnalyzer } from './import-too-deep.js';
import { invocationCycleAnalyzer } from './invocation-cycle.js';
import { mcpServerUndefinedAnalyzer } from './mcp-server-undefined.js';
import { mcpServerUnusedAnalyzer } from './mcp-server-unused.js';
import { modelUnknownAnalyzer } from './model-unknown.js';
import { nodeUnreachableAnalyzer } from './node-unreachable.js';
import { pathCaseClashAnalyzer } from './path-case-clash.js';
import { skillNameInvalidAnalyzer } from './skill-name-invalid.js';
import { toolUnknownAnalyzer } from './tool-unknown.js';
import { agentsMdOverLimitAnalyzer } from './agents-md-over-limit.js';
import { descriptionTruncatedAnalyzer } from './description-truncated.js';
import { skillListingBudgetAnalyzer } from './skill-listing-budget.js';
import { skillPreloadDeadAnalyzer } from './skill-preload-dead.js';
import { nodeNeverRunAnalyzer } from './node-never-run.js';

/** The checks no linter has (issue 11): host-aware frontmatter, MCP wiring, imports, cycles, reachability. */
export const CHECK_ANALYZERS: readonly Analyzer[] = [
  mcpServerUndefinedAnalyzer,
  mcpServerUnusedAnalyzer,
  agentColorInvalidAnalyzer,
  modelUnknownAnalyzer,
  toolUnknownAnalyzer,
  frontmatterFieldMissingAnalyzer,
  skillNameInvalidAnalyzer,
  agentSkillUnknownAnalyzer,
  importCircularAnalyzer,
  importTooDeepAnalyzer,
  invocationCycleAnalyzer,
  pathCaseClashAnalyzer,
  nodeUnreachableAnalyzer,
  hookEventUnknownAnalyzer,
  hookCommandMissingAnalyzer,
  permissionRuleUnknownAnalyzer,
  skillPreloadDeadAnalyzer,
  descriptionTruncatedAnalyzer,
  skillListingBudgetAnalyzer,
  agentsMdOverLimitAnalyzer,
  nodeNeverRunAnalyzer,
];
