import type { McpCatalog } from '../../mcp-catalog.js';

/** Registers the suppressions tools (one file per tool in this folder). */
export function registerSuppressionTools(_catalog: McpCatalog): void {
  // Filled by the suppressions work.
}
