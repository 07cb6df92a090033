// A scan's issues as LSP diagnostics, one list per file, and the publisher that sends only the lists that changed.
import type { Issue, Link, ScanResult, Severity } from '@skill-map/spec';
import type { Diagnostic } from 'vscode-languageserver/node';
import { DiagnosticSeverity } from 'vscode-languageserver/node';
import { ANALYZER_CATALOG, DEFAULT_RULES_URI, issueFile, issueRegion } from '../kernel/index.js';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warn: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
};

/** Built-in analyzers have a rule page; a plugin's do not. */
const RULE_PAGES: ReadonlySet<string> = new Set(
  ANALYZER_CATALOG.filter((e) => e.plugin === undefined).map((e) => e.shortId),
);

const isFile = (id: string): boolean => id !== '' && !id.includes('://');

/**
 * The issues of a result grouped by file: the file SARIF locates each at (`issueFile`), and every other file among
 * its nodes (a name collision shows in each file that answers to the name, not only in the first).
 */
export function issuesByFile(result: ScanResult): Map<string, Issue[]> {
  const out = new Map<string, Issue[]>();
  const add = (file: string, issue: Issue): void => {
    const list = out.get(file);
    if (list === undefined) out.set(file, [issue]);
    else if (list[list.length - 1] !== issue) list.push(issue);
  };
  for (const issue of result.issues) {
    const file = issueFile(issue);
    if (file === null) continue;
    add(file, issue);
    for (const id of issue.nodeIds) if (id !== file && isFile(id)) add(id, issue);
  }
  return out;
}

/** How many UTF-16 units the issue's first link spans in its file (its authored text), at least 1. */
function spanOf(issue: Issue, links: readonly Link[]): number {
  const first = issue.linkIndices?.[0];
  const link = first === undefined ? undefined : links[first];
  const text = link?.raw ?? link?.trigger?.originalTrigger ?? '';
  return Math.max(1, text.length);
}

/**
 * The diagnostic of one issue in `path`: range from the issue's line/column (the SARIF region) in the file it is
 * located at, the top of the file in the other files it names; code = analyzer id, with its rule page.
 */
export function toDiagnostic(
  issue: Issue,
  links: readonly Link[],
  path: string | null = null,
  rulesUri = DEFAULT_RULES_URI,
): Diagnostic {
  const located = path === null || issueFile(issue) === path;
  const { startLine, startColumn } = located ? issueRegion(issue, links) : { startLine: 1, startColumn: 1 };
  const start = { line: startLine - 1, character: startColumn - 1 };
  const hasData = !located || typeof issue.data?.['line'] === 'number';
  const end = { line: start.line, character: start.character + (hasData ? 1 : spanOf(issue, links)) };
  const diagnostic: Diagnostic = {
    range: { start, end },
    severity: SEVERITY[issue.severity],
    code: issue.analyzerId,
    source: 'skill-map',
    message: issue.message,
  };
  if (RULE_PAGES.has(issue.analyzerId))
    diagnostic.codeDescription = { href: `${rulesUri}${issue.analyzerId}.md` };
  return diagnostic;
}

/** Sends a file's diagnostics (uri, list); the connection's `sendDiagnostics` in the server. */
export type SendDiagnostics = (path: string, diagnostics: Diagnostic[]) => void;

/**
 * Publishes diagnostics per file and remembers what it sent: after a graph change only the files whose issues
 * changed are sent again (the edited file, and files whose links to it changed status), and a file whose issues
 * are all gone gets an empty list once. Issues the kernel's patch left alone are the same objects, so comparing
 * each file's issue list by identity finds the changed files without rendering the others.
 */
export class DiagnosticsPublisher {
  private sent = new Map<string, Issue[]>();
  /** What was last sent per file, rendered: an issue re-made with the same content is not sent again. */
  private rendered = new Map<string, string>();

  constructor(private readonly send: SendDiagnostics) {}

  /**
   * Publishes every file of `result` whose diagnostics differ from what was last sent, and the files of `always` (the
   * edited buffer: an editor expects an answer to each change, even an unchanged one); returns the paths sent.
   */
  publish(result: ScanResult, always: readonly string[] = []): string[] {
    const next = issuesByFile(result);
    const changed: string[] = [];
    const emit = (path: string, diagnostics: Diagnostic[]): void => {
      const text = JSON.stringify(diagnostics);
      if (this.rendered.get(path) === text && !always.includes(path)) return;
      if (diagnostics.length === 0) this.rendered.delete(path);
      else this.rendered.set(path, text);
      this.send(path, diagnostics);
      changed.push(path);
    };
    for (const path of always) if (!next.has(path)) emit(path, []);
    for (const [path, issues] of next) {
      const before = this.sent.get(path);
      if (before !== undefined && sameList(before, issues) && !always.includes(path)) continue;
      emit(
        path,
        issues.map((i) => toDiagnostic(i, result.links, path)),
      );
    }
    for (const path of this.sent.keys()) if (!next.has(path) && !always.includes(path)) emit(path, []);
    this.sent = next;
    return changed;
  }
}

function sameList(a: readonly Issue[], b: readonly Issue[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
