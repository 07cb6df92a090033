import type { Issue, Link, Node } from '@skill-map/spec';
import { authoredPath } from '../kernel/index.js';
import type { Output, Style } from './io.js';

const SEVERITY_STYLE: Record<Issue['severity'], Style> = { error: 'red', warn: 'yellow', info: 'dim' };

function columns(rows: readonly (readonly string[])[]): number[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return widths;
}

/** Aligned rows (the last column is never padded); `style` paints one cell after padding. */
export function renderTable(
  rows: readonly (readonly string[])[],
  style?: (row: number, col: number, padded: string) => string,
): string[] {
  const widths = columns(rows);
  return rows.map((row, r) =>
    row
      .map((cell, c) => {
        const padded = c === row.length - 1 ? cell : cell.padEnd(widths[c] ?? 0);
        return style === undefined ? padded : style(r, c, padded);
      })
      .join('  ')
      .trimEnd(),
  );
}

function nodesOf(issue: Issue): string {
  const [first = '', ...rest] = issue.nodeIds;
  return rest.length === 0 ? first : `${first} (+${rest.length})`;
}

/** One line per issue: severity, analyzer, node, message. */
export function renderIssues(output: Output, issues: readonly Issue[]): string[] {
  const rows = issues.map((i) => [i.severity, i.analyzerId, nodesOf(i), i.message]);
  return renderTable(rows, (r, c, cell) =>
    c === 0 ? output.paint(SEVERITY_STYLE[issues[r]?.severity ?? 'info'], cell) : cell,
  );
}

/** One line per node: path, kind, provider, links out/in. */
export function renderNodes(nodes: readonly Node[]): string[] {
  return renderTable([
    ['PATH', 'KIND', 'PROVIDER', 'OUT', 'IN'],
    ...nodes.map((n) => [n.path, n.kind, n.provider, String(n.linksOutCount), String(n.linksInCount)]),
  ]);
}

/**
 * `kind  authored → resolved (confidence)` lines of a link list, from the point of view of `side`. A path-style
 * link shows its path as authored (its `target` is the file-relative join, a doubled path for a root-relative
 * `docs/x.md` written in `docs/`), and the node it resolved to when that differs.
 */
export function renderLinks(links: readonly Link[], side: 'outgoing' | 'incoming'): string[] {
  const rows = links.map((l) => {
    const other = side === 'outgoing' ? (authoredPath(l) ?? l.target) : l.source;
    const resolved =
      side === 'outgoing' &&
      l.resolvedTarget !== undefined &&
      l.resolvedTarget !== null &&
      l.resolvedTarget !== other
        ? ` → ${l.resolvedTarget}`
        : '';
    const broken = side === 'outgoing' && l.resolvedTarget === null ? '  (unresolved)' : '';
    const line =
      side === 'outgoing' && typeof l.location?.line === 'number' ? `, line ${l.location.line}` : '';
    return [l.kind, `${other}${resolved}${broken}`, `confidence ${l.confidence}${line}`];
  });
  return renderTable(rows);
}
