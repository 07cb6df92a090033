import type { McpCatalog } from '../../mcp-catalog.js';
import { cancelJobTool } from './cancel-job.js';
import { claimJobTool } from './claim-job.js';
import { failJobTool } from './fail-job.js';
import { getJobTool } from './get-job.js';
import { listExtensionsTool } from './list-extensions.js';
import { listJobsTool } from './list-jobs.js';
import { recordJobTool } from './record-job.js';
import { submitJobTool } from './submit-job.js';

/** Registers the queue tools (one file per tool in this folder). */
export function registerQueueTools(catalog: McpCatalog): void {
  catalog.addTool(listExtensionsTool);
  catalog.addTool(listJobsTool);
  catalog.addTool(getJobTool);
  catalog.addTool(submitJobTool);
  catalog.addTool(claimJobTool);
  catalog.addTool(recordJobTool);
  catalog.addTool(cancelJobTool);
  catalog.addTool(failJobTool);
}
