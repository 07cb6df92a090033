import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { NodeBundle } from '../../adapters/index.js';
import { CliError } from '../errors.js';
import type { Output } from '../io.js';
import { withReadStore } from '../read-store.js';
import { renderIssues, renderLinks } from '../render-list.js';
import { elapsedMs } from '../verbs.js';
import type { VerbContext, VerbResult } from '../verbs.js';

/** Node paths are root-relative POSIX; `./x`, `../x` and absolute paths are taken relative to the working directory. */
export function toNodePath(input: string, cwd: string, root: string): string {
  const explicit =
    isAbsolute(input) || input.startsWith('./') || input.startsWith('../') || input.startsWith(`.${sep}`);
  if (!explicit) return input;
  return relative(root, resolve(cwd, input)).split(sep).join('/');
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().replace(/\s+/g, ' ') : null;
}

function section(title: string, lines: string[]): string[] {
  return lines.length === 0 ? [] : ['', `${title} (${lines.length}):`, ...lines.map((l) => `  ${l}`)];
}

function renderBundle(output: Output, b: NodeBundle): string {
  const n = b.item;
  const fm = n.frontmatter ?? {};
  const head = [
    output.paint('bold', n.path),
    `  kind      ${n.kind} (provider ${n.provider})${n.virtual === true ? ', virtual' : ''}`,
    ...(text(fm['name']) === null ? [] : [`  name      ${text(fm['name'])}`]),
    ...(text(fm['description']) === null ? [] : [`  about     ${text(fm['description'])}`]),
    `  size      ${n.bytes.total} bytes (frontmatter ${n.bytes.frontmatter}, body ${n.bytes.body})`,
    `  links     ${n.linksOutCount} out, ${n.linksInCount} in, ${n.externalRefsCount} external`,
  ];
  return [
    ...head,
    ...section('Outgoing', renderLinks(b.links.outgoing, 'outgoing')),
    ...section('Incoming', renderLinks(b.links.incoming, 'incoming')),
    ...section('Issues', renderIssues(output, b.issues)),
  ].join('\n');
}

/** `sm show <path>`: one node, its links both ways and its issues; an unknown path is not found (exit 5). */
export function run(ctx: VerbContext): Promise<VerbResult> {
  const input = ctx.args[0];
  if (input === undefined)
    throw new CliError('USAGE', '`sm show` needs a node path', {
      hint: 'usage: sm show <path> (`sm list` shows the paths)',
    });
  const path = toNodePath(input, ctx.io.cwd, ctx.project.root);
  const bundle = withReadStore(ctx, (store) => store.findNode(path));
  if (bundle === null)
    throw new CliError('NOT_FOUND', `no node at '${path}'`, {
      hint: '`sm list` shows every node path (run `sm scan` if the file is new)',
    });
  if (ctx.output.jsonMode)
    ctx.output.json({
      elapsedMs: elapsedMs(ctx),
      item: bundle.item,
      links: bundle.links,
      issues: bundle.issues,
    });
  else ctx.output.out(renderBundle(ctx.output, bundle));
  return Promise.resolve({});
}
