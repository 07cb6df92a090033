import type { McpCatalog } from '../mcp-catalog.js';
import { getBranchTool } from './get-branch.js';
import { getNodeTool } from './get-node.js';
import { listIssuesTool } from './list-issues.js';
import { queryGraphTool } from './query-graph.js';

/**
 * Registers the read-only map tools. The queue, findings and issue-suppression tools of the next issue
 * slot in the same way: one file per tool, plus a register call here.
 */
export function registerTools(catalog: McpCatalog): void {
  catalog.addTool(queryGraphTool);
  catalog.addTool(getNodeTool);
  catalog.addTool(listIssuesTool);
  catalog.addTool(getBranchTool);
}
