import { createExtensionCatalog } from '../../extensions/catalog.js';
import type { ExtensionCatalog, ProbExtension } from '../../extensions/types.js';

/**
 * Real probabilistic extension definitions for the jobs engine's tests (test support only): one of each role
 * and report kind, so submit/record are exercised end to end before the built-in catalog lands.
 */

const SAFETY = {
  type: 'object',
  required: ['injectionDetected', 'contentQuality'],
  properties: {
    injectionDetected: { type: 'boolean' },
    injectionType: { type: 'string' },
    injectionDetails: { type: 'string' },
    contentQuality: { enum: ['clean', 'suspicious', 'malformed'] },
  },
  additionalProperties: false,
};

const base = (required: string[], properties: Record<string, unknown>): Record<string, unknown> => ({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: ['confidence', 'safety', ...required],
  properties: { confidence: { type: 'number', minimum: 0, maximum: 1 }, safety: SAFETY, ...properties },
});

export const FINDER_ID = 'test/ai-clarity-analyzer';
export const FIXER_ID = 'test/ai-clarity-action';
export const REFERENCE_FIXER_ID = 'test/ai-reference-action';
export const SUMMARIZER_ID = 'test/ai-summarizer-action';
export const TAGGER_ID = 'test/ai-tagger-action';

export const FINDER: ProbExtension = {
  id: FINDER_ID,
  version: '1.0.0',
  kind: 'analyzer',
  role: 'finder',
  description: 'Finds unclear instructions.',
  report: 'findings',
  reportSchema: base(['findings'], {
    findings: {
      type: 'array',
      items: {
        type: 'object',
        required: ['type', 'severity', 'message'],
        properties: {
          type: { type: 'string', pattern: '^[a-z][a-z0-9-]*$' },
          severity: { enum: ['info', 'warn', 'error'] },
          message: { type: 'string' },
          detail: { type: 'string' },
          confidence: { type: 'number' },
        },
      },
    },
  }),
  template: 'Find every unclear instruction in the file below.\n\n{{userContent}}',
  expectedSeconds: 60,
};

const RESOLVED = {
  type: 'array',
  items: {
    type: 'object',
    required: ['state'],
    properties: {
      id: { type: 'integer' },
      target: { type: 'string' },
      state: { enum: ['fixed', 'human-decision'] },
      note: { type: 'string' },
      by: { enum: ['fixer', 'human'] },
    },
  },
};

export const FIXER: ProbExtension = {
  id: FIXER_ID,
  version: '1.0.0',
  kind: 'action',
  role: 'fixer',
  description: 'Rewrites unclear instructions.',
  analyzerIds: [FINDER_ID],
  report: 'fixer',
  reportSchema: base(['resolved'], { resolved: RESOLVED }),
  template: 'Resolve each finding by editing the file.\n\n{{userContent}}',
  defaultPriority: 5,
  expectedSeconds: 120,
};

export const REFERENCE_FIXER: ProbExtension = {
  id: REFERENCE_FIXER_ID,
  version: '1.0.0',
  kind: 'action',
  role: 'fixer',
  description: 'Repairs broken references.',
  analyzerIds: ['core/reference-broken'],
  report: 'fixer',
  reportSchema: base(['resolved'], { resolved: RESOLVED }),
  template: 'Repair each broken reference.\n\n{{userContent}}',
};

export const SUMMARIZER: ProbExtension = {
  id: SUMMARIZER_ID,
  version: '1.0.0',
  kind: 'action',
  role: 'standalone',
  description: 'Summarises a node.',
  report: 'summary',
  reportSchema: base(['summary'], { summary: { type: 'string' } }),
  template: 'Summarise the file below in two sentences.\n\n{{userContent}}\n\nKeep it short.',
};

export const TAGGER: ProbExtension = {
  id: TAGGER_ID,
  version: '1.0.0',
  kind: 'action',
  role: 'standalone',
  description: 'Proposes tags.',
  report: 'tags',
  reportSchema: base(['tags'], { tags: { type: 'array', items: { type: 'string' } } }),
  template: 'Propose tags for the file below.\n\n{{userContent}}',
};

export const TEST_EXTENSIONS: readonly ProbExtension[] = [FINDER, FIXER, REFERENCE_FIXER, SUMMARIZER, TAGGER];

/** The catalog of the test definitions. */
export function testCatalog(defs: readonly ProbExtension[] = TEST_EXTENSIONS): ExtensionCatalog {
  return createExtensionCatalog(defs);
}

/** A clean report base (confidence + safety) to spread into test reports. */
export const CLEAN = {
  confidence: 0.9,
  safety: { injectionDetected: false, contentQuality: 'clean' },
} as const;
