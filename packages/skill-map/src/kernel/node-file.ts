import type { Issue, Node } from '@skill-map/spec';
import { parse as parseToml } from 'smol-toml';
import { activeProviderIds, rootOf } from './context.js';
import type { ExtractInput } from './extractors/extractor.js';
import { activeExtractors } from './extractors/registry.js';
import { createLinkCollector } from './link-collector.js';
import { maskSpans, scanMarkdown, type Span } from './parse/code-regions.js';
import { canonicalFrontmatter, parseFrontmatter, splitFrontmatter } from './parse/frontmatter.js';
import { KIND_IDENTIFIERS } from './providers/provider.js';
import type { Classification } from './providers/registry.js';
import type { FileContext, FileRecord, NodeIdentifier, SourceFile } from './types.js';
import { createLineIndex } from './util/line-index.js';
import { normalizeTrigger } from './util/normalize-trigger.js';
import { basename, dirname, stem } from './util/posix-path.js';
import { looksBinary, utf8Length } from './util/utf8.js';
import { createMcpNode } from './virtual-node.js';

/** A kernel-stamped diagnostic of one file. */
function stamp(
  analyzerId: string,
  severity: Issue['severity'],
  path: string,
  message: string,
  data?: Record<string, unknown>,
): Issue {
  return data === undefined
    ? { analyzerId, severity, nodeIds: [path], message }
    : { analyzerId, severity, nodeIds: [path], message, data };
}

/** The handles a node answers to, per its kind's declared identifiers. */
export function identifiersOf(
  path: string,
  kind: string,
  frontmatter: Record<string, unknown> | null,
): NodeIdentifier[] {
  const out: NodeIdentifier[] = [];
  const push = (raw: string, via: NodeIdentifier['via']): void => {
    const handle = normalizeTrigger(raw);
    if (handle !== '' && !out.some((i) => i.handle === handle)) out.push({ handle, via });
  };
  for (const via of KIND_IDENTIFIERS[kind] ?? ['filename-basename']) {
    if (via === 'frontmatter.name' && typeof frontmatter?.['name'] === 'string')
      push(frontmatter['name'], via);
    else if (via === 'filename-basename') push(stem(path), via);
    else if (via === 'dirname' && dirname(path) !== '') push(basename(dirname(path)), via);
  }
  return out;
}

interface Parsed {
  /** Text the extractors see (the file, or the file with non-body parts blanked for TOML agents). */
  view: string;
  frontmatter: Record<string, unknown> | null;
  fmRange: { start: number; end: number } | null;
  bodyOffset: number;
  body: string;
  issues: Issue[];
}

function parseTomlAgent(file: SourceFile, severity: Issue['severity']): Parsed {
  let doc: Record<string, unknown>;
  try {
    doc = parseToml(file.text);
  } catch (error) {
    const e = error as { line?: number; column?: number; message?: string };
    const issue = stamp(
      'frontmatter-parse-error',
      severity,
      file.path,
      `Agent TOML does not parse: ${(e.message ?? '').split('\n')[0]!}`,
      {
        line: e.line ?? 1,
        column: e.column ?? 1,
      },
    );
    return { view: '', frontmatter: null, fmRange: null, bodyOffset: 0, body: '', issues: [issue] };
  }
  const { developer_instructions: instructions, ...rest } = doc;
  const body = typeof instructions === 'string' ? instructions : '';
  const at = body === '' ? -1 : file.text.indexOf(body);
  const blank = (s: string): string => s.replace(/[^\n]/g, ' ');
  const view =
    at < 0 ? body : blank(file.text.slice(0, at)) + body + blank(file.text.slice(at + body.length));
  return { view, frontmatter: { ...rest }, fmRange: null, bodyOffset: Math.max(at, 0), body, issues: [] };
}

function parseMarkdown(file: SourceFile, severity: Issue['severity']): Parsed {
  const split = splitFrontmatter(file.text);
  const issues: Issue[] = [];
  let frontmatter: Record<string, unknown> | null = null;
  if (split.malformedHint !== null) {
    issues.push(
      stamp('frontmatter-malformed', severity, file.path, `Malformed frontmatter: ${split.malformedHint}`, {
        hint: split.malformedHint,
      }),
    );
  } else if (split.present) {
    const parsed = parseFrontmatter(split);
    if (parsed.ok) frontmatter = parsed.value;
    else if (parsed.reason === 'parse-error') {
      const msg = `Frontmatter YAML does not parse: ${parsed.message} (line ${parsed.line}, column ${parsed.column})`;
      issues.push(
        stamp('frontmatter-parse-error', severity, file.path, msg, {
          line: parsed.line,
          column: parsed.column,
        }),
      );
    } else {
      issues.push(
        stamp(
          'frontmatter-invalid',
          severity,
          file.path,
          `Frontmatter must be a mapping, got ${parsed.type}`,
          { type: parsed.type },
        ),
      );
    }
  }
  const fmRange = split.present
    ? { start: file.text.indexOf('\n') + 1, end: file.text.indexOf('\n') + 1 + split.yaml.length }
    : null;
  return { view: file.text, frontmatter, fmRange, bodyOffset: split.bodyOffset, body: split.body, issues };
}

/** Analyzes a file a provider classified as a node: frontmatter, hashes, sizes, extraction. */
export function analyzeNodeFile(
  file: SourceFile,
  cls: Classification,
  ctx: FileContext,
  base: FileRecord,
): FileRecord {
  const severity: Issue['severity'] = ctx.settings.strict === true ? 'error' : 'warn';
  const node: Node = {
    path: file.path,
    kind: cls.kind,
    provider: cls.provider,
    bodyHash: '',
    frontmatterHash: '',
    bytes: { frontmatter: 0, body: file.bytes, total: file.bytes },
    modifiedAtMs: file.modifiedAtMs,
    linksOutCount: 0,
    linksInCount: 0,
    externalRefsCount: 0,
  };
  if (looksBinary(file.text)) {
    node.bodyHash = ctx.hash(file.text);
    node.frontmatterHash = ctx.hash('');
    const issue = stamp(
      'content-binary',
      'warn',
      file.path,
      'File looks binary (NUL bytes); it was not parsed',
    );
    return {
      ...base,
      role: 'node',
      node,
      identifiers: identifiersOf(file.path, cls.kind, null),
      issues: [issue],
    };
  }
  const parsed = file.path.endsWith('.toml') ? parseTomlAgent(file, severity) : parseMarkdown(file, severity);
  const text = parsed.view;
  const md = scanMarkdown(text, parsed.bodyOffset);
  if (md.unbalanced !== null) {
    const { line, column } = createLineIndex(text).locate(md.unbalanced.offset);
    const { fences, spans } = md.unbalanced;
    const msg = `Unbalanced backticks: ${fences} unclosed fence(s), ${spans} unmatched inline run(s); first at line ${line}`;
    parsed.issues.push(stamp('backtick-unbalanced', 'warn', file.path, msg, { line, column, fences, spans }));
  }
  const head: Span[] =
    parsed.bodyOffset > 0 && parsed.fmRange !== null ? [{ start: 0, end: parsed.bodyOffset }] : [];
  const codeSpans: Span[] = [...head, ...md.code];
  const proseWithHtml = maskSpans(text, codeSpans);
  const prose = md.html.length === 0 ? proseWithHtml : maskSpans(proseWithHtml, md.html);
  const lines = createLineIndex(text);
  const collector = createLinkCollector(file.path, lines);
  const urls = new Set<string>();
  const servers = new Set<string>();
  const input: ExtractInput = {
    path: file.path,
    dir: dirname(file.path),
    root: rootOf(file.path, ctx.roots),
    text,
    prose,
    proseWithHtml,
    code: md.code,
    frontmatter: parsed.frontmatter,
    frontmatterRange: parsed.fmRange,
  };
  const active = activeProviderIds(ctx.lens);
  for (const extractor of activeExtractors(active, ctx.settings.disabledExtractors)) {
    extractor.extract(input, {
      link: (link) => collector.add(extractor.id, link),
      url: (url) => urls.add(url),
      mcpServer: (name) => servers.add(name),
    });
  }
  const fmText = canonicalFrontmatter(parsed.frontmatter);
  node.bodyHash = ctx.hash(parsed.body);
  node.frontmatterHash = ctx.hash(fmText);
  // Measure the (small) part before the body; the body gets the rest of the on-disk size.
  const headBytes =
    parsed.view === file.text
      ? Math.min(utf8Length(file.text.slice(0, parsed.bodyOffset)), file.bytes)
      : file.bytes - Math.min(utf8Length(parsed.body), file.bytes);
  node.bytes = { frontmatter: headBytes, body: file.bytes - headBytes, total: file.bytes };
  if (parsed.frontmatter !== null) node.frontmatter = parsed.frontmatter;
  node.externalRefsCount = urls.size;
  if (urls.size > 0) node.externalRefs = [...urls].sort();
  // Tools-derived servers belong to the host of the declaring file when it is an active host, else to the primary.
  const owner = active.includes(cls.provider) ? cls.provider : ctx.lens.provider;
  const virtualNodes = [...servers]
    .sort()
    .map((s) => createMcpNode(s, owner, file.path, { name: s }, ctx.hash));
  return {
    ...base,
    role: 'node',
    node,
    identifiers: identifiersOf(file.path, cls.kind, parsed.frontmatter),
    virtualNodes,
    links: collector.links(),
    issues: parsed.issues,
  };
}
