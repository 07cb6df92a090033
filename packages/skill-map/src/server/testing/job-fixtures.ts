// Test support for the job channels: real extension definitions (a finder and a standalone action) and the
// processing-agent skill file the submit gate looks for.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createExtensionCatalog } from '../../engines/extensions/catalog.js';
import type { ExtensionCatalog, ProbExtension } from '../../engines/extensions/types.js';
import { FINDER, SUMMARIZER } from '../../engines/jobs/testing/extensions.js';

/** A finder: a findings report (the jobs engine's test finder under the id the channel tests use). */
export const TEST_FINDER: ProbExtension = {
  ...FINDER,
  id: 'test/ai-lint-analyzer',
  description: 'Finds lint problems in a node (test finder).',
  template: '# Lint this node\n\nList every lint problem.\n\n{{userContent}}\n',
};

/** A standalone summarizer. */
export const TEST_SUMMARIZER: ProbExtension = {
  ...SUMMARIZER,
  id: 'test/ai-summary-action',
  description: 'Summarizes a node (test summarizer).',
  template: '# Summarize this node\n\n{{userContent}}\n',
};

/** The catalog over the test extensions. */
export function testCatalog(): ExtensionCatalog {
  return createExtensionCatalog([TEST_FINDER, TEST_SUMMARIZER]);
}

/** A valid completed report of the test finder. */
export const CLEAN_FINDINGS_REPORT = JSON.stringify({
  confidence: 0.9,
  safety: { injectionDetected: false, contentQuality: 'clean' },
  findings: [{ type: 'long-line', severity: 'warn', message: 'Line 3 is long.' }],
});

const SKILL_DIR = join('.claude', 'skills', 'sm-process-jobs');

/** Installs (or removes) the processing-agent skill the submit gate requires. */
export function setProcessingAgent(root: string, installed: boolean): void {
  if (!installed) {
    rmSync(join(root, SKILL_DIR), { recursive: true, force: true });
    return;
  }
  mkdirSync(join(root, SKILL_DIR), { recursive: true });
  writeFileSync(
    join(root, SKILL_DIR, 'SKILL.md'),
    '---\nname: sm-process-jobs\ndescription: test\n---\nProcess jobs.\n',
  );
}
