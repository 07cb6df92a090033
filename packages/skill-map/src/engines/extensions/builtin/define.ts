import type { ProbExtension } from '../types.js';
import {
  findingsReportSchema,
  fixerReportSchema,
  summaryReportSchema,
  tagsReportSchema,
} from '../report-schemas.js';
import { finderTemplate, fixerTemplate } from '../template-parts.js';
import type { FinderPromptParts, FixerPromptParts } from '../template-parts.js';

/** Expected seconds of a finder and a fixer run (spec §4.2). */
const FINDER_SECONDS = 60;
const FIXER_SECONDS = 120;

/** A finder `core/ai-<axis>-analyzer` over its prompt parts. */
export function defineFinder(
  axis: string,
  version: string,
  description: string,
  parts: FinderPromptParts,
): ProbExtension {
  const name = `ai-${axis}-analyzer`;
  return {
    id: `core/${name}`,
    version,
    kind: 'analyzer',
    role: 'finder',
    description,
    report: 'findings',
    reportSchema: findingsReportSchema(name),
    template: finderTemplate(parts),
    expectedSeconds: FINDER_SECONDS,
  };
}

/** A fixer `core/ai-<axis>-action` resolving the findings of `analyzerIds` (finders or deterministic analyzers). */
export function defineFixer(
  axis: string,
  version: string,
  description: string,
  analyzerIds: readonly string[],
  parts: FixerPromptParts,
): ProbExtension {
  const name = `ai-${axis}-action`;
  return {
    id: `core/${name}`,
    version,
    kind: 'action',
    role: 'fixer',
    description,
    analyzerIds,
    report: 'fixer',
    reportSchema: fixerReportSchema(name),
    template: fixerTemplate(parts),
    expectedSeconds: FIXER_SECONDS,
  };
}

/** A standalone action (no analyzerIds) with its own template. */
export function defineStandalone(
  axis: string,
  version: string,
  description: string,
  report: 'summary' | 'tags',
  template: string,
): ProbExtension {
  const name = `ai-${axis}-action`;
  return {
    id: `core/${name}`,
    version,
    kind: 'action',
    role: 'standalone',
    description,
    report,
    reportSchema: report === 'summary' ? summaryReportSchema(name) : tagsReportSchema(name),
    template,
    expectedSeconds: 60,
  };
}
