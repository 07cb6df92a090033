import type { ProbExtension } from '../types.js';
import { contradictionAction } from './contradiction-action.js';
import { contradictionAnalyzer } from './contradiction-analyzer.js';
import { nameAction } from './name-action.js';
import { redundancyAction } from './redundancy-action.js';
import { redundancyAnalyzer } from './redundancy-analyzer.js';
import { referenceAction } from './reference-action.js';
import { securityAction } from './security-action.js';
import { securityAnalyzer } from './security-analyzer.js';
import { structureAction } from './structure-action.js';
import { structureAnalyzer } from './structure-analyzer.js';
import { summarizerAction } from './summarizer-action.js';
import { taggerAction } from './tagger-action.js';
import { triggerAction } from './trigger-action.js';
import { triggerAnalyzer } from './trigger-analyzer.js';
import { vaguenessAction } from './vagueness-action.js';
import { vaguenessAnalyzer } from './vagueness-analyzer.js';

/** Every built-in probabilistic extension, sorted by id. */
export const BUILTIN_DEFINITIONS: readonly ProbExtension[] = [
  contradictionAction,
  contradictionAnalyzer,
  nameAction,
  redundancyAction,
  redundancyAnalyzer,
  referenceAction,
  securityAction,
  securityAnalyzer,
  structureAction,
  structureAnalyzer,
  summarizerAction,
  taggerAction,
  triggerAction,
  triggerAnalyzer,
  vaguenessAction,
  vaguenessAnalyzer,
];
