// Quick fixes: the fix engine's plans for the issues of one file, each turned into a WorkspaceEdit on the text the
// plan was made from (the open buffer when there is one). Certain plans are the preferred fix.
import type { Issue, ScanResult } from '@skill-map/spec';
import type { CodeAction, Range, TextEdit } from 'vscode-languageserver/node';
import { CodeActionKind } from 'vscode-languageserver/node';
import { planFixes } from '../engines/fixes/index.js';
import type { FixPlan } from '../engines/fixes/index.js';
import { issueFile } from '../kernel/index.js';
import { toDiagnostic } from './diagnostics.js';
import { positionAt } from './navigation.js';
import type { NavigationInput } from './navigation.js';

const nodePaths = new WeakMap<ScanResult, ReadonlySet<string>>();

function pathsOf(result: ScanResult): ReadonlySet<string> {
  let paths = nodePaths.get(result);
  if (paths === undefined) {
    paths = new Set(result.nodes.filter((n) => n.virtual !== true).map((n) => n.path));
    nodePaths.set(result, paths);
  }
  return paths;
}

function overlaps(a: Range, b: Range): boolean {
  return a.start.line <= b.end.line && b.start.line <= a.end.line;
}

/** The plan's edits as LSP text edits on `text` (UTF-16 offsets to positions). */
export function toTextEdits(plan: FixPlan, text: string): TextEdit[] {
  return plan.edits.map((e) => ({
    range: { start: positionAt(text, e.start), end: positionAt(text, e.end) },
    newText: e.newText,
  }));
}

/** The quick fixes for the issues of `path` whose diagnostics touch `range`. */
export function codeActionsAt(input: NavigationInput, path: string, range: Range): CodeAction[] {
  const { result } = input;
  const issues: Issue[] = result.issues.filter((i) => issueFile(i) === path);
  if (issues.length === 0) return [];
  const plans = planFixes({
    issues,
    texts: input.textOf,
    renames: issues.some((i) => i.analyzerId === 'reference-broken') ? input.renames() : new Map(),
    links: result.links,
    paths: pathsOf(result),
  });
  const actions: CodeAction[] = [];
  for (const plan of plans) {
    const issue = issues[plan.issueIndex];
    const text = input.textOf(plan.path);
    if (issue === undefined || text === null) continue;
    const diagnostic = toDiagnostic(issue, result.links, path);
    if (plan.path === path && !overlaps(diagnostic.range, range)) continue;
    actions.push({
      title: plan.title,
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      isPreferred: plan.certain,
      edit: { changes: { [input.paths.uriOf(plan.path)]: toTextEdits(plan, text) } },
    });
  }
  return actions;
}
