/**
 * Built-in graph formats for `GET /api/graph` (ascii, json, mermaid, dot).
 *
 * Interim: a stand-in for the kernel's formatter extensions until `src/kernel` lands them; the composition
 * root passes the kernel's formatter registry as `deps.formatter` once it exists.
 */
import type { ScanResult } from '@skill-map/spec';
import type { GraphFormatter } from '../ports.js';

const quote = (s: string): string => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

function ascii(scan: ScanResult): string {
  const out = [`skill-map: ${scan.nodes.length} nodes, ${scan.links.length} links, ${scan.issues.length} issues`];
  const bySource = new Map<string, string[]>();
  for (const l of scan.links) {
    const list = bySource.get(l.source) ?? [];
    list.push(`${l.kind} ${l.resolvedTarget ?? l.target}`);
    bySource.set(l.source, list);
  }
  for (const n of scan.nodes) {
    out.push(`${n.path} [${n.kind}]`);
    for (const edge of bySource.get(n.path) ?? []) out.push(`  └─ ${edge}`);
  }
  return `${out.join('\n')}\n`;
}

function mermaid(scan: ScanResult): string {
  const ids = new Map(scan.nodes.map((n, i) => [n.path, `n${i}`]));
  const lines = ['graph LR'];
  for (const n of scan.nodes) lines.push(`  ${ids.get(n.path) ?? ''}[${quote(n.path)}]`);
  for (const l of scan.links) {
    const a = ids.get(l.source);
    const b = ids.get(l.resolvedTarget ?? l.target);
    if (a !== undefined && b !== undefined) lines.push(`  ${a} -->|${l.kind}| ${b}`);
  }
  return `${lines.join('\n')}\n`;
}

function dot(scan: ScanResult): string {
  const lines = ['digraph skillmap {'];
  for (const n of scan.nodes) lines.push(`  ${quote(n.path)} [label=${quote(`${n.path}\\n${n.kind}`)}];`);
  for (const l of scan.links) lines.push(`  ${quote(l.source)} -> ${quote(l.resolvedTarget ?? l.target)} [label=${quote(l.kind)}];`);
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

/** The four built-in formats. */
export function createBasicFormatter(): GraphFormatter {
  const table: Record<string, (scan: ScanResult) => string> = {
    ascii,
    json: (scan) => `${JSON.stringify(scan, null, 2)}\n`,
    mermaid,
    dot,
  };
  return {
    formats: () => Object.keys(table),
    format: (scan, format) => {
      const fn = table[format];
      if (fn === undefined) throw new Error(`unknown format ${format}`);
      return fn(scan);
    },
  };
}
