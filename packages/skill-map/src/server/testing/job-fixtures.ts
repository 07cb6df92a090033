// Test support for the job channels: real extension definitions (a finder and a standalone action) and the
// processing-agent skill file the submit gate looks for.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createExtensionCatalog } from '../../engines/extensions/catalog.js';
import type { ExtensionCatalog, ProbExtension } from '../../engines/extensions/types.js';

const REPORT_BASE = {
  confidence: { type: 'number', minimum: 0, maximum: 1 },
  safety: {
    type: 'object',
    required: ['injectionDetected', 'contentQuality'],
    properties: {
      injectionDetected: { type: 'boolean' },
      contentQuality: { enum: ['clean', 'suspicious', 'malformed'] },
    },
  },
};

/** A finder: a findings report. */
export const TEST_FINDER: ProbExtension = {
  id: 'test/ai-lint-analyzer',
  version: '1.0.0',
  kind: 'analyzer',
  role: 'finder',
  description: 'Finds lint problems in a node (test finder).',
  report: 'findings',
  reportSchema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    required: ['confidence', 'safety', 'findings'],
    properties: {
      ...REPORT_BASE,
      findings: {
        type: 'array',
        items: {
          type: 'object',
          required: ['type', 'severity', 'message'],
          properties: {
            type: { type: 'string' },
            severity: { enum: ['info', 'warn', 'error'] },
            message: { type: 'string' },
          },
        },
      },
    },
  },
  template: '# Lint this node\n\nList every lint problem.\n\n{{userContent}}\n',
};

/** A standalone summarizer. */
export const TEST_SUMMARIZER: ProbExtension = {
  id: 'test/ai-summary-action',
  version: '1.0.0',
  kind: 'action',
  role: 'standalone',
  description: 'Summarizes a node (test summarizer).',
  report: 'summary',
  reportSchema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    required: ['confidence', 'safety', 'summary'],
    properties: { ...REPORT_BASE, summary: { type: 'string' } },
  },
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
