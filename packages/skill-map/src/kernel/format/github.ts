// GitHub Actions workflow commands for a scan's issues: one `::error` / `::warning` / `::notice` line per issue,
// which the runner turns into annotations on the pull request's files. Pure: the caller passes issues and links.
import type { Issue, Link, Severity } from '@skill-map/spec';
import { issueFile, issueRegion } from './sarif.js';

const COMMAND: Record<Severity, string> = { error: 'error', warn: 'warning', info: 'notice' };

/** Escapes a command's data (the message): `%`, CR and LF, as the runner decodes them. */
export function escapeGithubData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escapes a command's property value: the data escapes plus `:` and `,` (they delimit properties). */
export function escapeGithubProperty(text: string): string {
  return escapeGithubData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** The workflow command of one issue: located at its file, line and column when it has a file. */
export function githubAnnotation(issue: Issue, links: readonly Link[]): string {
  const file = issueFile(issue);
  const props: string[] = [];
  if (file !== null) {
    const { startLine, startColumn } = issueRegion(issue, links);
    props.push(`file=${escapeGithubProperty(file)}`, `line=${startLine}`, `col=${startColumn}`);
  }
  props.push(`title=${escapeGithubProperty(`skill-map ${issue.analyzerId}`)}`);
  const where = file === null && issue.nodeIds.length > 0 ? ` (${issue.nodeIds.join(', ')})` : '';
  return `::${COMMAND[issue.severity]} ${props.join(',')}::${escapeGithubData(`${issue.message}${where}`)}`;
}

/** One workflow command per issue, in the order given. */
export function formatGithub(issues: readonly Issue[], links: readonly Link[]): string[] {
  return issues.map((i) => githubAnnotation(i, links));
}
