import type { Issue } from '@skill-map/spec';
import { parse as parseToml } from 'smol-toml';
import { FILE_BUDGET, overBudgetIssue, valueOverBudget } from './budget.js';
import { prepareContext, rootOf } from './context.js';
import type { ExtractInput } from './extractors/extractor.js';
import { LinkCollector } from './link-collector.js';
import { fenceTrouble, isTemplateText } from './extractors/example-context.js';
import { maskSpans, scanMarkdown, type Span } from './parse/code-regions.js';
import { canonicalFrontmatter, parseFrontmatter, splitFrontmatter } from './parse/frontmatter.js';
import type { Classification } from './providers/registry.js';
import { DEFAULT_NODE_PROVIDER, EMPTY_SHA256 } from './record-format.js';
import type { FileContext, FileRecord, RecordNode, SourceFile } from './types.js';
import { createLineIndex } from './util/line-index.js';
import { dirname } from './util/posix-path.js';
import { looksBinary, utf8Length } from './util/utf8.js';
import { createMcpNode } from './virtual-node.js';
import { bodyIssues } from './body-checks.js';
import { extensionFault } from './extension-fault.js';
import { parseInlineSuppressions } from './parse/inline-suppressions.js';
import { frontmatterSchemaIssues, keyLines } from './host-schema/index.js';
import type { LineIndex } from './util/line-index.js';

export { identifiersOf } from './record-format.js';

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
  const over = valueOverBudget(rest);
  const body = typeof instructions === 'string' ? instructions : '';
  const at = body === '' ? -1 : file.text.indexOf(body);
  const blank = (s: string): string => s.replace(/[^\n]/g, ' ');
  const view =
    at < 0 ? body : blank(file.text.slice(0, at)) + body + blank(file.text.slice(at + body.length));
  const issues = over === null ? [] : [overBudgetIssue(file.path, over)];
  const frontmatter = over === null ? { ...rest } : null;
  return { view, frontmatter, fmRange: null, bodyOffset: Math.max(at, 0), body, issues };
}

/** True when the YAML text is over {@link FILE_BUDGET.frontmatterBytes} (UTF-8 measured only when it could be). */
function frontmatterTooLarge(yaml: string): boolean {
  const limit = FILE_BUDGET.frontmatterBytes;
  return yaml.length > limit || (yaml.length * 3 > limit && utf8Length(yaml) > limit);
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
  } else if (split.present && frontmatterTooLarge(split.yaml)) {
    issues.push(overBudgetIssue(file.path, 'frontmatterBytes'));
  } else if (split.present) {
    const parsed = parseFrontmatter(split);
    const over = parsed.ok ? valueOverBudget(parsed.value) : null;
    if (over !== null) issues.push(overBudgetIssue(file.path, over));
    else if (parsed.ok) frontmatter = parsed.value;
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

/** The body hash: when the body is the whole file and the content hash was computed here from that text, it is it. */
function bodyHashOf(file: SourceFile, record: FileRecord, body: string, ctx: FileContext): string {
  return body === file.text && file.contentHash === undefined ? record.contentHash : ctx.hash(body);
}

/** Sets the node's hashes, omitting the ones equal to their record defaults. */
function setHashes(node: RecordNode, record: FileRecord, bodyHash: string, frontmatterHash: string): void {
  if (bodyHash !== record.contentHash) node.bodyHash = bodyHash;
  if (frontmatterHash !== EMPTY_SHA256) node.frontmatterHash = frontmatterHash;
}

/**
 * `backtick-unbalanced` for a fence opened inside a fenced block of the same fence (`` ```diff `` inside a
 * `` ```markdown `` block): the outer block ends at the inner block's closer, and prose and code trade places after it.
 */
function nestedFenceIssue(path: string, text: string, at: number): Issue {
  const { line, column } = createLineIndex(text).locate(at);
  const msg = `Unbalanced backticks: a fence opens inside a fenced block at line ${line}, so the outer block closes early; give the outer block a longer fence`;
  return stamp('backtick-unbalanced', 'warn', path, msg, { line, column, fences: 1, spans: 0 });
}

/** The shared collector (analyzeFile is synchronous and not re-entered by extractors). */
const collector = new LinkCollector();

/** Analyzes a file a provider classified as a node: frontmatter, hashes, sizes, extraction. Fills `record`. */
export function analyzeNodeFile(
  file: SourceFile,
  cls: Classification,
  ctx: FileContext,
  record: FileRecord,
): FileRecord {
  const prepared = prepareContext(ctx);
  const severity: Issue['severity'] = ctx.settings.strict === true ? 'error' : 'warn';
  const node: RecordNode = { kind: cls.kind, bytes: file.bytes, modifiedAtMs: file.modifiedAtMs };
  if (cls.provider !== DEFAULT_NODE_PROVIDER) node.provider = cls.provider;
  record.node = node;
  if (looksBinary(file.text)) {
    setHashes(node, record, bodyHashOf(file, record, file.text, ctx), prepared.emptyHash);
    record.issues = [
      stamp('content-binary', 'warn', file.path, 'File looks binary (NUL bytes); it was not parsed'),
    ];
    return record;
  }
  const toml = file.path.endsWith('.toml');
  const parsed = toml ? parseTomlAgent(file, severity) : parseMarkdown(file, severity);
  if (parsed.frontmatter !== null) {
    const end = toml ? file.text.length : (parsed.fmRange?.end ?? 0);
    const lineOf = keyLines(file.text, end, toml ? 'toml' : 'yaml');
    for (const issue of frontmatterSchemaIssues(
      file.path,
      cls.provider,
      cls.kind,
      parsed.frontmatter,
      lineOf,
    ))
      parsed.issues.push(issue);
  }
  const text = parsed.view;
  const md = scanMarkdown(text, parsed.bodyOffset);
  const trouble = fenceTrouble(text, md.code);
  if (md.unbalanced !== null) {
    const { line, column } = createLineIndex(text).locate(md.unbalanced.offset);
    const { fences, spans } = md.unbalanced;
    const msg = `Unbalanced backticks: ${fences} unclosed fence(s), ${spans} unmatched inline run(s); first at line ${line}`;
    parsed.issues.push(stamp('backtick-unbalanced', 'warn', file.path, msg, { line, column, fences, spans }));
  } else if (trouble >= 0) parsed.issues.push(nestedFenceIssue(file.path, text, trouble));
  let lineIndex: LineIndex | null = null;
  const lines = (): LineIndex => (lineIndex ??= createLineIndex(text));
  for (const issue of bodyIssues(file.path, cls.kind, text, parsed.bodyOffset, lines, ctx.hash))
    parsed.issues.push(issue);
  let codeSpans: Span[] = md.code;
  if (parsed.bodyOffset > 0 && parsed.fmRange !== null)
    codeSpans = [{ start: 0, end: parsed.bodyOffset }, ...md.code];
  const proseWithHtml = maskSpans(text, codeSpans);
  const prose = md.html.length === 0 ? proseWithHtml : maskSpans(proseWithHtml, md.html);
  if (text.includes('sm-disable') || text.includes('sm-enable')) {
    const fmEnd = toml ? file.text.length : (parsed.fmRange?.end ?? 0);
    const inline = parseInlineSuppressions({
      path: file.path,
      text,
      masked: proseWithHtml,
      bodyLine: lines().locate(parsed.bodyOffset).line,
      lines,
      frontmatter: parsed.frontmatter,
      metadataLine:
        parsed.frontmatter === null ? null : keyLines(file.text, fmEnd, toml ? 'toml' : 'yaml')('metadata'),
    });
    for (const issue of inline.issues) parsed.issues.push(issue);
    if (inline.entries.length > 0) record.suppressions = inline.entries;
  }
  const code = md.code;
  const codeText = new Array<string>(code.length);
  for (let i = 0; i < code.length; i++) codeText[i] = text.slice(code[i]!.contentStart, code[i]!.contentEnd);
  const dir = dirname(file.path);
  const input: ExtractInput = {
    path: file.path,
    dir,
    root: rootOf(file.path, ctx.roots),
    text,
    prose,
    proseWithHtml,
    code,
    codeText,
    frontmatter: parsed.frontmatter,
    frontmatterRange: parsed.fmRange,
    kind: cls.kind,
    bodyOffset: parsed.bodyOffset,
  };
  collector.reset();
  collector.doubtFrom = isTemplateText(prose) ? 0 : trouble < 0 ? Infinity : trouble;
  for (const extractor of prepared.extractors) {
    collector.extractor = extractor.id;
    if (extractor.isolated !== true) extractor.extract(input, collector);
    else {
      try {
        extractor.extract(input, collector);
      } catch (error) {
        parsed.issues.push(extensionFault(file.path, extractor.id, (error as Error).message));
      }
    }
  }
  const fmHash =
    parsed.frontmatter === null ? prepared.emptyHash : ctx.hash(canonicalFrontmatter(parsed.frontmatter));
  setHashes(node, record, bodyHashOf(file, record, parsed.body, ctx), fmHash);
  // Measure the (small) part before the body; the body gets the rest of the on-disk size.
  const headBytes =
    parsed.view === file.text
      ? Math.min(utf8Length(file.text.slice(0, parsed.bodyOffset)), file.bytes)
      : file.bytes - Math.min(utf8Length(parsed.body), file.bytes);
  if (headBytes !== 0) node.headBytes = headBytes;
  if (parsed.frontmatter !== null) node.frontmatter = parsed.frontmatter;
  const externalRefs = collector.externalRefs();
  if (externalRefs !== null) node.externalRefs = externalRefs;
  const links = collector.links(text, dir);
  if (links.length > FILE_BUDGET.links) parsed.issues.push(overBudgetIssue(file.path, 'links'));
  else if (links.length > 0) record.links = links;
  if (parsed.issues.length > 0) record.issues = parsed.issues;
  const servers = collector.mcpServers();
  if (servers.length > 0) {
    // Tools-derived servers belong to the host of the declaring file when it is an active host, else to the primary.
    const owner = prepared.active.includes(cls.provider) ? cls.provider : ctx.lens.provider;
    record.virtualNodes = servers.map((s) => createMcpNode(s, owner, file.path, { name: s }, ctx.hash));
  }
  return record;
}
