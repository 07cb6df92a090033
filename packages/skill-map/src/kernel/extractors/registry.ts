import { atDirectiveExtractor } from './at-directive.js';
import { atFileExtractor } from './at-file.js';
import { atTomlExtractor } from './at-toml.js';
import { backtickDollarExtractor } from './backtick-dollar.js';
import { backtickMentionExtractor } from './backtick-mention.js';
import { backtickPathExtractor } from './backtick-path.js';
import { backtickSlashExtractor } from './backtick-slash.js';
import { dollarSkillExtractor } from './dollar-skill.js';
import { externalUrlCounter } from './external-url-counter.js';
import type { Extractor } from './extractor.js';
import { markdownLinkExtractor } from './markdown-link.js';
import { mcpToolsExtractor } from './mcp-tools.js';
import { pluginSkillExtractor } from './plugin-skill.js';
import { slashCommandExtractor } from './slash-command.js';

/** Every built-in extractor, in run order. */
export const BUILTIN_EXTRACTORS: readonly Extractor[] = [
  mcpToolsExtractor,
  markdownLinkExtractor,
  backtickPathExtractor,
  externalUrlCounter,
  slashCommandExtractor,
  backtickSlashExtractor,
  atFileExtractor,
  atDirectiveExtractor,
  backtickMentionExtractor,
  dollarSkillExtractor,
  backtickDollarExtractor,
  atTomlExtractor,
  pluginSkillExtractor,
];

/** Registered extractors (the built-ins by default) that run under the active set (a gated one runs when ANY of its providers is active), minus the disabled ids. */
export function activeExtractors(
  lens: string | readonly string[],
  disabled: readonly string[] = [],
  registered: readonly Extractor[] = BUILTIN_EXTRACTORS,
): Extractor[] {
  const active = typeof lens === 'string' ? [lens] : lens;
  return registered.filter(
    (e) => (e.gate === null || e.gate.some((id) => active.includes(id))) && !disabled.includes(e.id),
  );
}
