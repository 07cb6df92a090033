import type { McpCatalog } from '../../mcp-catalog.js';
import { dismissIssueTool } from './dismiss-issue.js';
import { listIssueSuppressionsTool } from './list-issue-suppressions.js';
import { undismissIssueTool } from './undismiss-issue.js';

/** Registers the suppressions tools (one file per tool in this folder). */
export function registerSuppressionTools(catalog: McpCatalog): void {
  catalog.addTool(dismissIssueTool);
  catalog.addTool(undismissIssueTool);
  catalog.addTool(listIssueSuppressionsTool);
}
