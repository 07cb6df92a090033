// A node's body as safe HTML. Two locks: markdown-it with `html: false` (raw HTML in the file stays text), then
// DOMPurify with a closed list of the tags markdown produces, so nothing active can reach the page even if the
// first lock fails: no script, no event handler, no SVG or MathML, no frames, forms or styles, no URL but the
// page's own node routes and plain http(s)/mailto links. Images are never loaded (a remote one would leave the
// origin; a project one has no route): each shows as its alt text.
import DOMPurify from 'dompurify';
import MarkdownIt from 'markdown-it';
import { nodeHref, resolveLink } from './resolve-link';
import type { LinkContext } from './resolve-link';

const ALLOWED_TAGS = [
  'a',
  'p',
  'br',
  'hr',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'em',
  'strong',
  's',
  'del',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'span',
];
const ALLOWED_ATTR = ['href', 'title', 'class', 'data-node', 'data-link', 'target', 'rel', 'start'];
/** The only URLs left in the output: the page's node routes and outside links a person may follow. */
const ALLOWED_URI = /^(?:https?:|mailto:|#\/\?node=)/i;

const purifier = DOMPurify();
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    const href = node.getAttribute('href');
    if (href !== null && !ALLOWED_URI.test(href)) node.removeAttribute('href');
    if (node.getAttribute('target') !== null) node.setAttribute('rel', 'noopener noreferrer');
  }
});

interface Env {
  links: LinkContext;
}

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });

// The body sits under the panel's h2/h3 headings: its own headings start at h4 so the outline stays in order.
const shiftHeading: NonNullable<(typeof md.renderer.rules)['heading_open']> = (
  tokens,
  idx,
  options,
  _env,
  self,
) => {
  const token = tokens[idx];
  if (token !== undefined) token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + 3)}`;
  return self.renderToken(tokens, idx, options);
};
md.renderer.rules['heading_open'] = shiftHeading;
md.renderer.rules['heading_close'] = shiftHeading;

md.renderer.rules['image'] = (tokens, idx) => {
  const token = tokens[idx];
  const alt = token === undefined ? '' : token.children?.map((c) => c.content).join('') || token.content;
  const src = String(token?.attrGet('src') ?? '');
  const title = `Image not loaded: ${src}`;
  return `<span class="md-image" title="${md.utils.escapeHtml(title)}">[image${alt === '' ? '' : `: ${md.utils.escapeHtml(alt)}`}]</span>`;
};

md.renderer.rules['link_open'] = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  const links = (env as Partial<Env> | undefined)?.links;
  if (token === undefined) return '';
  if (links === undefined) {
    token.attrs = null;
    return self.renderToken(tokens, idx, options);
  }
  const href = String(token.attrGet('href') ?? '');
  const target = resolveLink(href, links);
  const attrs: [string, string][] = [];
  if (target.type === 'node') {
    attrs.push(['href', nodeHref(target.path)], ['data-node', target.path], ['data-link', 'node']);
  } else if (target.type === 'external') {
    attrs.push(
      ['href', target.href],
      ['target', '_blank'],
      ['rel', 'noopener noreferrer'],
      ['data-link', 'external'],
    );
  } else if (target.type === 'missing') {
    attrs.push(['data-link', 'missing'], ['title', `Not in the map: ${target.path}`]);
  } else if (target.type === 'refused') {
    attrs.push(['data-link', 'refused'], ['title', 'Link removed: unsafe address']);
  } else attrs.push(['data-link', 'anchor']);
  const title = token.attrGet('title');
  if (title !== null && target.type !== 'missing' && target.type !== 'refused')
    attrs.push(['title', String(title)]);
  token.attrs = attrs;
  return self.renderToken(tokens, idx, options);
};

/** Renders a node's markdown body to sanitised HTML; links resolve against `links.from` and the map. */
export function renderBody(markdown: string, links: LinkContext): string {
  const html = md.render(markdown, { links } satisfies Env);
  return purifier.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    // Only the renderer writes data-* here (raw HTML never reaches the output), and data-* attributes are inert.
    ALLOW_DATA_ATTR: true,
    ALLOW_ARIA_ATTR: false,
  });
}
