// SARIF 2.1.0 (the format GitHub code scanning uploads) of a scan's issues: one rule per catalog entry, one result per
// issue located at its file (relative to %SRCROOT%) and line/column. Pure: the caller passes the issues and links.
import type { Issue, Link, Severity } from '@skill-map/spec';
import type { AnalyzerCatalogEntry } from '../analyzers/catalog.js';
import { sha256Hex } from '../util/sha256.js';

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';

/** Where the per-rule documentation pages live by default (`<base><id>.md`); `sm check --rules-uri` overrides it. */
export const DEFAULT_RULES_URI = 'https://skill-map.ai/docs/rules/';

type SarifLevel = 'error' | 'warning' | 'note';

const LEVEL: Record<Severity, SarifLevel> = { error: 'error', warn: 'warning', info: 'note' };

export interface SarifOptions {
  toolVersion: string;
  /** Base URI of the rule pages (ends with `/`). */
  rulesUri?: string;
}

/** A SARIF log (the subset skill-map writes). */
export interface SarifLog {
  $schema: string;
  version: '2.1.0';
  runs: SarifRun[];
}

export interface SarifRun {
  tool: { driver: Record<string, unknown> };
  results: Record<string, unknown>[];
  columnKind: 'utf16CodeUnits';
}

function ruleOf(entry: AnalyzerCatalogEntry, base: string): Record<string, unknown> {
  const level = entry.severity === 'varies' ? 'warning' : LEVEL[entry.severity];
  // A plugin's analyzer has no rule page at the rules base: its rule names the plugin instead.
  if (entry.plugin !== undefined)
    return {
      id: entry.shortId,
      name: entry.shortId.replace(/(^|-)([a-z0-9])/g, (_m, _d: string, c: string) => c.toUpperCase()),
      shortDescription: { text: entry.description || entry.id },
      fullDescription: { text: `${entry.description || entry.id} (${entry.id}, plugin ${entry.plugin})` },
      defaultConfiguration: { level },
      properties: { tags: ['skill-map', 'plugin', entry.plugin], suppressible: entry.suppressible },
    };
  const helpUri = `${base}${entry.shortId}.md`;
  return {
    id: entry.shortId,
    name: entry.shortId.replace(/(^|-)([a-z0-9])/g, (_m, _d: string, c: string) => c.toUpperCase()),
    shortDescription: { text: entry.description },
    fullDescription: { text: `${entry.description} (${entry.id}, ${entry.source}-stamped)` },
    help: {
      text: entry.hint === '' ? entry.description : `Fix: ${entry.hint}. See ${helpUri}`,
      markdown: `${entry.hint === '' ? entry.description : `**Fix:** ${entry.hint}.`} [Rule documentation](${helpUri})`,
    },
    helpUri,
    defaultConfiguration: { level },
    properties: { tags: ['skill-map', entry.source], suppressible: entry.suppressible },
  };
}

const isFile = (id: string): boolean => id !== '' && !id.includes('://');

/** The file an issue is about: `data.file`, else its first non-virtual node. */
export function issueFile(issue: Issue): string | null {
  const file = issue.data?.['file'];
  if (typeof file === 'string' && isFile(file)) return file;
  return issue.nodeIds.find(isFile) ?? null;
}

function positive(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : null;
}

/** The issue's line and column: `data.line/column`, else its first link's location, else null (a file-level issue). */
export function issueLocation(issue: Issue, links: readonly Link[]): { line: number; column: number } | null {
  const line = positive(issue.data?.['line']);
  if (line !== null) return { line, column: positive(issue.data?.['column']) ?? 1 };
  const first = issue.linkIndices?.[0];
  const at = first === undefined ? null : links[first]?.location;
  if (at !== null && at !== undefined) return { line: Math.max(1, at.line), column: Math.max(1, at.column) };
  return null;
}

/** The issue's SARIF region: {@link issueLocation}, else 1:1. */
export function issueRegion(
  issue: Issue,
  links: readonly Link[],
): { startLine: number; startColumn: number } {
  const at = issueLocation(issue, links);
  return at === null ? { startLine: 1, startColumn: 1 } : { startLine: at.line, startColumn: at.column };
}

function resultOf(
  issue: Issue,
  links: readonly Link[],
  ruleIndex: Map<string, number>,
): Record<string, unknown> {
  const file = issueFile(issue);
  const target = typeof issue.data?.target === 'string' ? issue.data.target : issue.message;
  const result: Record<string, unknown> = {
    ruleId: issue.analyzerId,
    level: LEVEL[issue.severity],
    message: { text: issue.message },
    partialFingerprints: { 'skillMapIssue/v1': sha256Hex(`${issue.analyzerId}\0${file ?? ''}\0${target}`) },
  };
  const index = ruleIndex.get(issue.analyzerId);
  if (index !== undefined) result['ruleIndex'] = index;
  if (file !== null) {
    result['locations'] = [
      {
        physicalLocation: {
          artifactLocation: { uri: encodeURI(file), uriBaseId: '%SRCROOT%' },
          region: issueRegion(issue, links),
        },
      },
    ];
  }
  const others = issue.nodeIds.filter((id) => id !== file);
  if (others.length > 0) result['properties'] = { nodeIds: issue.nodeIds };
  return result;
}

/** The SARIF log of `issues` (rules: every catalog entry, in catalog order). */
export function formatSarif(
  issues: readonly Issue[],
  links: readonly Link[],
  catalog: readonly AnalyzerCatalogEntry[],
  options: SarifOptions,
): SarifLog {
  const base = options.rulesUri ?? DEFAULT_RULES_URI;
  const rules = catalog.map((e) => ruleOf(e, base));
  const ruleIndex = new Map(catalog.map((e, i) => [e.shortId, i]));
  return {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'skill-map',
            semanticVersion: options.toolVersion,
            version: options.toolVersion,
            informationUri: base.replace(/rules\/?$/, ''),
            rules,
          },
        },
        columnKind: 'utf16CodeUnits',
        results: issues.map((i) => resultOf(i, links, ruleIndex)),
      },
    ],
  };
}
