import { CLOSING_LINES, FILE_KINDS } from '../template-parts.js';
import { defineStandalone } from './define.js';

const TEMPLATE = [
  '# Summarize an agent instruction file',
  '',
  'Write a short, accurate summary of what this file makes an agent do, for a person browsing the project map who has not read it. The summary is shown next to the node, so it must stand on its own and must not overstate what the file does.',
  '',
  FILE_KINDS,
  '',
  '## How to summarize',
  '',
  '- `summary`: two to four sentences. Lead with the job the file does, then when it applies, then anything a reader must know before relying on it (it edits files, it needs a server running, it only covers one language).',
  '- Describe behaviour, not prose: "Runs the release checklist and tags the version" rather than "This document describes releases".',
  '- Optional `purpose` (one line), `whenUsed` (the triggering situations) and up to eight `keyPoints` (the rules or steps that matter most). Leave out any you cannot fill from the file itself.',
  '- Do not judge the file or suggest improvements: other extensions do that.',
  '- Do not repeat secrets, tokens or personal data that appear in the file.',
  '',
  ...CLOSING_LINES,
].join('\n');

/** `core/ai-summarizer-action`: a standalone summary of a node (stored in the summaries zone). */
export const summarizerAction = defineStandalone(
  'summarizer',
  '1.0.0',
  'Writes a short summary of what the file makes an agent do and when (stored as the node summary).',
  'summary',
  TEMPLATE,
);
