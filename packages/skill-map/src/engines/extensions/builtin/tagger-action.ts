import { CLOSING_LINES, FILE_KINDS } from '../template-parts.js';
import { defineStandalone } from './define.js';

const TEMPLATE = [
  '# Tag an agent instruction file',
  '',
  'Propose topic tags for this file so a person can filter the project map by them. Tags are only PROPOSED: a person reviews them before anything is written, so favour tags they will accept.',
  '',
  FILE_KINDS,
  '',
  '## How to tag',
  '',
  '- One to eight tags, kebab-case (`database-migrations`, `release`, `code-review`), most specific first.',
  '- Tag what the file is ABOUT and what it DOES (domain, task, technology it operates on), not its kind: never `skill`, `agent`, `command`, `markdown` or `documentation`, the map already knows the kind.',
  "- Prefer words the project itself uses. If a section above lists the node's current tags, keep the ones that still fit and reuse their spelling rather than inventing near-synonyms.",
  '- No tags for quality judgements (`needs-work`, `good`), for people, or for dates.',
  '',
  ...CLOSING_LINES,
].join('\n');

/** `core/ai-tagger-action`: proposes tags for a node (never written without a person). */
export const taggerAction = defineStandalone(
  'tagger',
  '1.0.0',
  'Proposes kebab-case topic tags for the file (shown as a proposal on completion, never written by itself).',
  'tags',
  TEMPLATE,
);
