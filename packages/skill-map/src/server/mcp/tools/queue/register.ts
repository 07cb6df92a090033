import type { McpCatalog } from '../../mcp-catalog.js';
import { listExtensionsTool } from './list-extensions.js';

/** Registers the queue tools (one file per tool in this folder). */
export function registerQueueTools(catalog: McpCatalog): void {
  catalog.addTool(listExtensionsTool);
  // Filled by the queue work.
}
