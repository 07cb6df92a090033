import type { McpCatalog } from '../../mcp-catalog.js';
import { deleteFindingTool } from './delete-finding.js';
import { dismissFindingTool } from './dismiss-finding.js';
import { listFindingsTool } from './list-findings.js';
import { reopenFindingTool } from './reopen-finding.js';
import { resolveFindingTool } from './resolve-finding.js';
import { undismissFindingTool } from './undismiss-finding.js';

/** Registers the findings tools (one file per tool in this folder), thin adapters over engines/findings. */
export function registerFindingsTools(catalog: McpCatalog): void {
  catalog.addTool(listFindingsTool);
  catalog.addTool(resolveFindingTool);
  catalog.addTool(dismissFindingTool);
  catalog.addTool(reopenFindingTool);
  catalog.addTool(undismissFindingTool);
  catalog.addTool(deleteFindingTool);
}
