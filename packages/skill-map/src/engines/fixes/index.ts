// Issue 26's safe fixes: `planFixes` (pure) turns issues into fix plans; certain plans are what `sm check --fix`
// applies, the rest are suggestions (the LSP offers both as quick fixes).
export { applyEdits, planFixes } from './plan.js';
export { pathInStyle, renamedTo } from './plan-broken.js';
export type { FixBasis, FixEdit, FixPlan, PlanFixesInput } from './types.js';
export { applyFixPlans, decodeUtf8 } from './apply.js';
export type { ApplyFixesOptions, ApplyFixesResult, FixSkip, FixSkipReason } from './apply.js';
export { fixProject, planProjectFixes } from './fix-project.js';
export type { FixProjectOptions, ProjectFixes, ProjectFixesInput } from './fix-project.js';
export { toSarifFix } from './sarif-fix.js';
export { unifiedDiff } from './unified-diff.js';
