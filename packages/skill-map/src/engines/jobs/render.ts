import { FindingsReportSchema } from '@skill-map/spec';
import { EngineError } from '../errors.js';
import type { ProbExtension } from '../extensions/types.js';
import { promptTemplateHash } from './hashes.js';
import { JOB_PREAMBLE } from './preamble.js';

/** The seam every template carries exactly once: where the sections and the node content go. */
export const USER_CONTENT_SEAM = '{{userContent}}';

/** A finding as the fixer's `## Findings to resolve` section lists it. */
export interface InjectedFinding {
  id: number;
  extensionId: string;
  type: string;
  severity: string;
  message: string;
  detail: string | null;
  /** The file changed since the finding was judged (it is still listed: the fixer decides). */
  stale: boolean;
}

/** A scan issue as the `## Issues to resolve` section lists it. */
export interface InjectedIssue {
  analyzerId: string;
  severity: string;
  message: string;
  detail: string | null;
  data: Record<string, unknown> | null;
}

/** What goes around the node content: only the sections the extension's role calls for. */
export interface RenderInput {
  extension: ProbExtension;
  nodePath: string;
  body: string;
  findings?: readonly InjectedFinding[];
  issues?: readonly InjectedIssue[];
  tags?: readonly string[];
}

export interface Rendered {
  content: string;
  promptTemplateHash: string;
}

const fenced = (value: unknown): string => `\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\`\n`;

/** `&`, `<`, `>`, `"` and `'` as entities (the `id` attribute of the user-content tag). */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/**
 * Neutralises every closing-tag variant of `user-content` in node content (any case, whitespace inside the
 * tag, attributes, or an unterminated one at the end) by putting `&#x200B;` before its `>`, so the content can
 * never close its own data block.
 */
export function neutralizeUserContent(body: string): string {
  return body.replace(/<(\s*)\/(\s*)user-content([^>]*)(>|$)/gi, '<$1/$2user-content$3&#x200B;$4');
}

/** Refuses templates a job cannot be rendered from: no seam, several seams, or an authored user-content tag. */
function checkTemplate(ext: ProbExtension): void {
  const seams = ext.template.split(USER_CONTENT_SEAM).length - 1;
  if (seams !== 1)
    throw new EngineError(
      'unsupported-extension',
      `extension ${ext.id} has ${seams} ${USER_CONTENT_SEAM} seams in its template; exactly one is required`,
      { details: { extension: ext.id } },
    );
  if (/<\s*\/?\s*user-content/i.test(ext.template))
    throw new EngineError(
      'unsupported-extension',
      `extension ${ext.id} authors its own <user-content> tag; only skill-map may place node content`,
      { details: { extension: ext.id } },
    );
}

/** The optional sections of one job, in render order (findings/issues for fixers, current tags for taggers). */
function sectionsOf(input: RenderInput): string[] {
  const out: string[] = [];
  if (input.findings !== undefined && input.findings.length > 0)
    out.push(`## Findings to resolve\n\n${fenced(input.findings)}\n`);
  if (input.issues !== undefined && input.issues.length > 0)
    out.push(`## Issues to resolve\n\n${fenced(input.issues)}\n`);
  if (input.tags !== undefined) out.push(`## Current tags\n\n${fenced(input.tags)}\n`);
  return out;
}

/**
 * The report contract: the extension's report schema inlined verbatim as fenced json, then the findings envelope
 * when the schema points at it (a drop-in finder's does; the built-ins' are self-contained), so the agent sees
 * every rule its report is checked against.
 */
export function reportContract(ext: ProbExtension): string {
  const own =
    `## Report contract\n\nAnswer with one JSON document valid against this JSON Schema (draft 2020-12):\n\n` +
    `${fenced(ext.reportSchema)}\n`;
  if (!JSON.stringify(ext.reportSchema).includes(`"${FindingsReportSchema.$id}"`)) return own;
  return (
    own +
    `The schema it refers to, \`${FindingsReportSchema.$id}\` (the findings envelope), is:\n\n` +
    `${fenced(FindingsReportSchema)}\n`
  );
}

/** Renders a job's content (spec §5.2 item 9) and its promptTemplateHash (item 4). Pure. */
export function renderJob(input: RenderInput): Rendered {
  const ext = input.extension;
  checkTemplate(ext);
  const sections = sectionsOf(input);
  const contract = reportContract(ext);
  const userContent =
    `<user-content id="${escapeHtml(input.nodePath)}">\n${neutralizeUserContent(input.body)}\n` +
    `</user-content>\n`;
  const [before, after] = ext.template.split(USER_CONTENT_SEAM) as [string, string];
  const content = JOB_PREAMBLE + before + sections.join('') + contract + userContent + after;
  return {
    content,
    promptTemplateHash: promptTemplateHash({
      preamble: JOB_PREAMBLE,
      template: ext.template,
      sections,
      reportContract: contract,
    }),
  };
}
