import type { McpCatalog } from '../../mcp-catalog.js';

/** Registers the queue tools (one file per tool in this folder). */
export function registerQueueTools(_catalog: McpCatalog): void {
  // Filled by the queue work.
}
