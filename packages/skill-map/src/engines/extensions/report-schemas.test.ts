import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { BUILTIN_EXTENSIONS } from './catalog.js';
import type { ProbExtension } from './types.js';

const safe = { injectionDetected: false, contentQuality: 'clean' };

/** A valid report and a list of reports that must fail, per report kind. */
const SAMPLES: Record<ProbExtension['report'], { good: unknown[]; bad: unknown[] }> = {
  findings: {
    good: [
      { confidence: 0.9, safety: safe, findings: [] },
      // The reference's clean reports spell "no injection" as `injectionType: null`.
      {
        confidence: 0.9,
        safety: { injectionDetected: false, injectionType: null, contentQuality: 'clean' },
        findings: [],
      },
      {
        confidence: 0.7,
        safety: {
          injectionDetected: true,
          injectionType: 'instruction-override',
          injectionDetails: 'ignore all',
          contentQuality: 'suspicious',
        },
        findings: [
          {
            type: 'destructive-command',
            severity: 'error',
            message: 'rm -rf $DIR unscoped',
            confidence: 0.8,
            detail: 'line 4',
          },
        ],
      },
    ],
    bad: [
      { safety: safe, findings: [] }, // no confidence
      { confidence: 1.5, safety: safe, findings: [] }, // out of range
      { confidence: 0.5, findings: [] }, // no safety
      { confidence: 0.5, safety: { injectionDetected: false }, findings: [] }, // no contentQuality
      { confidence: 0.5, safety: safe, findings: [{ type: 'Bad Type', severity: 'warn', message: 'x' }] },
      {
        confidence: 0.5,
        safety: safe,
        findings: [{ type: 'injection-detected', severity: 'warn', message: 'x' }],
      },
      { confidence: 0.5, safety: safe, findings: [{ type: 'x', severity: 'high', message: 'x' }] },
      { confidence: 0.5, safety: safe, findings: [{ type: 'x', severity: 'warn' }] },
      { confidence: 0.5, safety: safe, findings: [], extra: true },
    ],
  },
  fixer: {
    good: [
      {
        confidence: 0.8,
        safety: safe,
        resolved: [
          { id: 3, state: 'fixed', note: 'scoped the delete' },
          { target: 'docs/x.md', state: 'human-decision' },
        ],
        summary: 'Scoped one command.',
      },
      { confidence: 0.8, safety: safe, resolved: [], summary: 'Nothing to change.' },
    ],
    bad: [
      { confidence: 0.8, safety: safe, resolved: [] }, // no summary
      { confidence: 0.8, safety: safe, resolved: [{ id: 3 }], summary: 's' }, // no state
      { confidence: 0.8, safety: safe, resolved: [{ state: 'fixed' }], summary: 's' }, // neither id nor target
      { confidence: 0.8, safety: safe, resolved: [{ id: 1, target: 't', state: 'fixed' }], summary: 's' },
      { confidence: 0.8, safety: safe, resolved: [{ id: 1, state: 'done' }], summary: 's' },
    ],
  },
  summary: {
    good: [
      { confidence: 0.9, safety: safe, summary: 'Deploys the app.' },
      {
        confidence: 0.9,
        safety: safe,
        summary: 'Deploys.',
        purpose: 'release',
        whenUsed: 'on tags',
        keyPoints: ['ask first'],
      },
      // The reference's summary report (summaries/markdown): whatItCovers, topics, keyFacts.
      {
        confidence: 0.9,
        safety: { injectionDetected: false, injectionType: null, contentQuality: 'clean' },
        whatItCovers: 'Deployment steps for the release artifact.',
        topics: ['deployment', 'release'],
        keyFacts: ['Promotion happens only after the smoke checks pass.'],
      },
    ],
    bad: [
      { confidence: 0.9, safety: safe, topics: ['deployment'] }, // neither summary nor whatItCovers
      { confidence: 0.9, safety: safe },
      { confidence: 0.9, safety: safe, summary: '' },
      { confidence: 0.9, safety: safe, summary: 's', tags: ['x'] },
    ],
  },
  tags: {
    good: [{ confidence: 0.6, safety: safe, tags: ['release', 'ci-pipelines'] }],
    bad: [
      { confidence: 0.6, safety: safe, tags: [] },
      { confidence: 0.6, safety: safe, tags: ['Release'] },
      { confidence: 0.6, safety: safe, tags: ['a', 'a'] },
      { confidence: 0.6, safety: safe },
    ],
  },
};

describe('report schemas', () => {
  for (const ext of BUILTIN_EXTENSIONS) {
    it(`${ext.id}: compiles with ajv 2020 and accepts/refuses the samples`, () => {
      const ajv = new Ajv2020({ strict: true, allErrors: true });
      const validate = ajv.compile(ext.reportSchema);
      const json = JSON.stringify(ext.reportSchema);
      expect(json).not.toMatch(/"\$ref"/);
      expect(ext.reportSchema['$schema']).toBe('https://json-schema.org/draft/2020-12/schema');
      const samples = SAMPLES[ext.report];
      for (const good of samples.good) expect(validate(good), JSON.stringify(validate.errors)).toBe(true);
      for (const bad of samples.bad) expect(validate(bad), JSON.stringify(bad)).toBe(false);
    });
  }
});

describe('prompt templates', () => {
  for (const ext of BUILTIN_EXTENSIONS) {
    it(`${ext.id}: exactly one {{userContent}} seam, at the end, and no authored user-content element`, () => {
      expect(ext.template.split('{{userContent}}')).toHaveLength(2);
      expect(ext.template.trimEnd().endsWith('{{userContent}}')).toBe(true);
      expect(ext.template.toLowerCase()).not.toContain('<user-content');
      expect(ext.template).not.toMatch(/\{\{(?!userContent\}\})/);
    });
  }

  it('tells finders what not to report and fixers when to hand over to a person', () => {
    for (const ext of BUILTIN_EXTENSIONS) {
      expect(ext.template).toContain('## The safety block');
      if (ext.role === 'finder') expect(ext.template).toContain('## What NOT to report');
      if (ext.role === 'fixer') {
        expect(ext.template).toContain('## When to leave it to a person');
        const section = (ext.analyzerIds ?? [])[0]?.startsWith('core/ai-')
          ? 'Findings to resolve'
          : 'Issues to resolve';
        expect(ext.template).toContain(section);
      }
    }
  });
});
