import type { McpCatalog } from '../../mcp-catalog.js';

/** Registers the findings tools (one file per tool in this folder). */
export function registerFindingsTools(_catalog: McpCatalog): void {
  // Filled by the findings work.
}
