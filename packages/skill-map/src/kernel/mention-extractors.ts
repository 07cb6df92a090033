/** Extractors that find mentions (a name in inline or fenced code, a `plugin:skill` token), not authored links. */
const MENTION_EXTRACTORS: ReadonlySet<string> = new Set([
  'core/backtick-path',
  'core/backtick-slash',
  'claude/backtick-mention',
  'core/backtick-dollar',
  'core/plugin-skill',
]);

/** True when every extractor in `sources` finds mentions: the link declares no kind and is no authored form. */
export function mentionOnly(sources: readonly string[]): boolean {
  for (const s of sources) if (!MENTION_EXTRACTORS.has(s)) return false;
  return true;
}
