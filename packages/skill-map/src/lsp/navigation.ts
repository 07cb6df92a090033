// Go-to-definition, hover and references over the live graph: a position in a file is matched to the link
// authored there (markdown links, backtick paths, @imports, slash and @ names, mcp__server__tool), and the link's
// resolved node answers.
import type { Link, Node, ScanResult } from '@skill-map/spec';
import type { Hover, Location, Position, Range } from 'vscode-languageserver/node';
import { MarkupKind } from 'vscode-languageserver/node';
import type { ProjectPaths } from './project-paths.js';

/** A link found at a position, with the range of its authored text there. */
export interface LinkAt {
  readonly link: Link;
  readonly range: Range;
}

/** What navigation reads: the graph, and a file's current text (buffer or disk). */
export interface NavigationInput {
  readonly result: ScanResult;
  readonly paths: ProjectPaths;
  readonly textOf: (path: string) => string | null;
  /** Old path -> new path from git (quick fixes of broken paths); read only when a fix is planned. */
  readonly renames: () => ReadonlyMap<string, string>;
}

const nodeIndexes = new WeakMap<ScanResult, Map<string, Node>>();

/** The node at `path` of a result (indexed once per result). */
export function nodeOf(result: ScanResult, path: string): Node | undefined {
  let index = nodeIndexes.get(result);
  if (index === undefined) {
    index = new Map(result.nodes.map((n) => [n.path, n]));
    nodeIndexes.set(result, index);
  }
  return index.get(path);
}

/** The ranges a link was authored at (each occurrence, else its location), 0-based. */
function rangesOf(link: Link): Range[] {
  const out: Range[] = [];
  const span = Math.max(1, (link.raw ?? link.trigger?.originalTrigger ?? link.target).length);
  const locations = link.occurrences?.map((o) => ({ at: o.location, text: o.originalTrigger })) ?? [];
  if (locations.length === 0) locations.push({ at: link.location ?? null, text: null });
  for (const { at, text } of locations) {
    if (at === null || at === undefined) continue;
    const start = { line: at.line - 1, character: at.column - 1 };
    const length = text === null ? span : Math.max(1, text.length);
    out.push({ start, end: { line: start.line, character: start.character + length } });
  }
  return out;
}

function contains(range: Range, pos: Position): boolean {
  return (
    pos.line === range.start.line &&
    pos.character >= range.start.character &&
    pos.character <= range.end.character
  );
}

/** The link authored at `pos` in the file `path`, if any. */
export function linkAt(result: ScanResult, path: string, pos: Position): LinkAt | null {
  for (const link of result.links) {
    if (link.source !== path) continue;
    for (const range of rangesOf(link)) if (contains(range, pos)) return { link, range };
  }
  return null;
}

/** The 0-based position of a UTF-16 offset in `text`. */
export function positionAt(text: string, offset: number): Position {
  let line = 0;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, character: offset - lineStart };
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where an MCP server is declared: its key in a JSON config (`"name":`) or its TOML table (`[mcp_servers.name]`). */
function serverEntry(text: string, name: string): number | null {
  const n = escapeRegExp(name);
  const match = new RegExp(`"${n}"\\s*:|\\[mcp_servers\\.(?:"${n}"|${n})\\]`).exec(text);
  return match === null ? null : match.index;
}

/** The server's entries in the config files it was declared in (tools-only servers: none). */
function mcpLocations(input: NavigationInput, node: Node): Location[] {
  const name = node.path.slice('mcp://'.length);
  const out: Location[] = [];
  for (const file of node.derivedFrom ?? []) {
    const text = input.textOf(file);
    const at = text === null ? null : serverEntry(text, name);
    if (text === null || at === null) continue;
    const start = positionAt(text, at);
    out.push({
      uri: input.paths.uriOf(file),
      range: { start, end: { line: start.line, character: start.character + name.length + 2 } },
    });
  }
  return out;
}

const FILE_START: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** Where the link at `pos` leads: the target file, or an MCP server's entry in its config; empty when unresolved. */
export function definitionAt(input: NavigationInput, path: string, pos: Position): Location[] {
  const at = linkAt(input.result, path, pos);
  const target = at?.link.resolvedTarget;
  if (target === null || target === undefined) return [];
  const node = nodeOf(input.result, target);
  if (node?.virtual === true) return node.path.startsWith('mcp://') ? mcpLocations(input, node) : [];
  return [{ uri: input.paths.uriOf(target), range: FILE_START }];
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** A node's name: its frontmatter `name`, else its file name (an MCP server: its server name). */
export function nameOf(node: Node): string {
  const named = text(node.frontmatter?.['name']);
  if (named !== null) return named;
  if (node.path.startsWith('mcp://')) return node.path.slice('mcp://'.length);
  return node.path.slice(node.path.lastIndexOf('/') + 1);
}

/** Hover over a link: the target's name, kind, path and description. */
export function hoverAt(input: NavigationInput, path: string, pos: Position): Hover | null {
  const at = linkAt(input.result, path, pos);
  if (at === null) return null;
  const target = at.link.resolvedTarget;
  const node = target === null || target === undefined ? undefined : nodeOf(input.result, target);
  if (node === undefined)
    return {
      contents: { kind: MarkupKind.Markdown, value: `\`${at.link.target}\`: resolves to no node` },
      range: at.range,
    };
  const lines = [`**${nameOf(node)}** (${node.kind}) \`${node.path}\``];
  const description = text(node.frontmatter?.['description']);
  if (description !== null) lines.push('', description);
  return { contents: { kind: MarkupKind.Markdown, value: lines.join('\n') }, range: at.range };
}

/**
 * The incoming links of a node as locations in their source files: the node the link at `pos` leads to, else the
 * file's own node.
 */
export function referencesAt(input: NavigationInput, path: string, pos: Position): Location[] {
  const target = linkAt(input.result, path, pos)?.link.resolvedTarget ?? path;
  const out: Location[] = [];
  for (const link of input.result.links) {
    if (link.resolvedTarget !== target) continue;
    const uri = input.paths.uriOf(link.source);
    for (const range of rangesOf(link)) out.push({ uri, range });
  }
  return out;
}
