import type { Link } from '@skill-map/spec';
import type { Subgraph } from '../query/subgraph.js';
import { dotString, mermaidLabel } from './escape.js';

function endpoint(link: Link): string {
  return link.resolvedTarget ?? link.target;
}

/** JSON of the graph (nodes, links, issues), pretty-printed, newline-terminated. */
export function formatJson(graph: Subgraph | object): string {
  return `${JSON.stringify(graph, null, 2)}\n`;
}

/** Mermaid `flowchart LR`: one node per graph node (ids n0…), one edge per link whose both ends are nodes. */
export function formatMermaid(graph: Subgraph): string {
  const ids = new Map(graph.nodes.map((n, i) => [n.path, `n${i}`]));
  const lines = ['flowchart LR'];
  for (const n of graph.nodes) lines.push(`  ${ids.get(n.path)!}[${mermaidLabel(`${n.path} (${n.kind})`)}]`);
  for (const l of graph.links) {
    const from = ids.get(l.source);
    const to = ids.get(endpoint(l));
    if (from !== undefined && to !== undefined) lines.push(`  ${from} -->|${l.kind}| ${to}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Graphviz DOT digraph: nodes labelled with kind, edges with link kind; dangling targets are drawn dashed. */
export function formatDot(graph: Subgraph): string {
  const known = new Set(graph.nodes.map((n) => n.path));
  const lines = ['digraph skillmap {', '  rankdir=LR;', '  node [shape=box];'];
  for (const n of graph.nodes)
    lines.push(`  ${dotString(n.path)} [label=${dotString(`${n.path}\n${n.kind}`)}];`);
  for (const l of graph.links) {
    const to = endpoint(l);
    if (!known.has(l.source)) continue;
    const style = known.has(to) ? '' : ', style=dashed';
    lines.push(`  ${dotString(l.source)} -> ${dotString(to)} [label=${dotString(l.kind)}${style}];`);
  }
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

/** Plain-text tree: nodes grouped by kind, each with its outgoing links and issue count. */
export function formatAscii(graph: Subgraph): string {
  const out = new Map<string, Link[]>();
  for (const l of graph.links) {
    const list = out.get(l.source);
    if (list === undefined) out.set(l.source, [l]);
    else list.push(l);
  }
  const issues = new Map<string, number>();
  for (const i of graph.issues) for (const id of i.nodeIds) issues.set(id, (issues.get(id) ?? 0) + 1);
  const kinds = [...new Set(graph.nodes.map((n) => n.kind))].sort();
  const lines: string[] = [];
  for (const kind of kinds) {
    const nodes = graph.nodes.filter((n) => n.kind === kind);
    lines.push(`${kind} (${nodes.length})`);
    nodes.forEach((n, i) => {
      const last = i === nodes.length - 1;
      const count = issues.get(n.path) ?? 0;
      lines.push(
        `${last ? '└─' : '├─'} ${n.path}${count > 0 ? `  [${count} issue${count === 1 ? '' : 's'}]` : ''}`,
      );
      const links = out.get(n.path) ?? [];
      links.forEach((l, j) => {
        const mark = l.resolvedTarget === null || l.resolvedTarget === undefined ? ' ?' : '';
        lines.push(
          `${last ? '   ' : '│  '}${j === links.length - 1 ? '└─' : '├─'} ${l.kind} → ${endpoint(l)}${mark}`,
        );
      });
    });
  }
  return lines.length === 0 ? '(empty graph)\n' : `${lines.join('\n')}\n`;
}
