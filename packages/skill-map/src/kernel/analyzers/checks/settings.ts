import type { Node } from '@skill-map/spec';
import type { HookCommand, SettingsProjection } from '../../host-settings.js';
import { joinPath } from '../../util/posix-path.js';

/** The settings projection of a `settings` node, or null. */
export function settingsOf(node: Node): SettingsProjection | null {
  if (node.kind !== 'settings' || node.frontmatter === undefined) return null;
  const fm = node.frontmatter as unknown as Partial<SettingsProjection>;
  return Array.isArray(fm.hooks) && typeof fm.base === 'string' ? (fm as SettingsProjection) : null;
}

const ROOT_VAR = /"?\$\{?CLAUDE_(?:PROJECT_DIR|PLUGIN_ROOT)\}?"?/g;
const MARK = '\u0000';

/**
 * The scripts a hook command runs that can be checked: paths after `$CLAUDE_PROJECT_DIR` / `${CLAUDE_PLUGIN_ROOT}`,
 * and (in project settings) `./x` or `.claude/x` paths, which hooks resolve from the project folder. Anything with
 * another variable, a glob or `~` is left alone. Answers `[as written, scope-relative path]`.
 */
export function hookScripts(hook: HookCommand, base: string, plugin: boolean): [string, string][] {
  const out: [string, string][] = [];
  const marked = hook.command.replace(ROOT_VAR, MARK);
  for (const raw of marked.split(/[\s;&|]+/)) {
    const token = raw.replace(/^['"]+|['"]+$/g, '');
    if (token === '' || /[$*?~`]/.test(token)) continue;
    let rel: string | null = null;
    if (token.startsWith(MARK)) rel = token.slice(1).replace(/^\/+/, '');
    else if (!plugin && (token.startsWith('./') || token.startsWith('.claude/')))
      rel = token.replace(/^\.\//, '');
    if (rel === null || rel === '' || rel.includes(MARK)) continue;
    out.push([raw.replace(new RegExp(MARK, 'g'), '$CLAUDE_DIR'), joinPath(base, rel)]);
  }
  return out;
}
