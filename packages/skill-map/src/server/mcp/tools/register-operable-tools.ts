import type { McpCatalog } from '../mcp-catalog.js';
import { registerFindingsTools } from './findings/register.js';
import { registerQueueTools } from './queue/register.js';
import { registerSuppressionTools } from './suppressions/register.js';

/**
 * Registers the operable surface (contract: queue, findings lifecycle, issue suppressions): 17 tools, one file
 * each, every one a thin adapter over the shared engines (engines/*), the same the CLI verbs and REST routes call.
 */
export function registerOperableTools(catalog: McpCatalog): void {
  registerQueueTools(catalog);
  registerFindingsTools(catalog);
  registerSuppressionTools(catalog);
}
