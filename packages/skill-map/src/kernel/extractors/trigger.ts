import type { LinkKind, OccurrenceContext } from '@skill-map/spec';
import type { ExtractedLink } from './extractor.js';

/** Characters that may precede a trigger in prose (start, whitespace, opening punctuation, emphasis, quote marker). */
export const TRIGGER_PREFIX = `(^|[\\s(\\["'*>,;|])`;

/** A name after a sigil: `deploy`, `plugin:cmd`, `my_skill-2`. */
export const TRIGGER_NAME = `[A-Za-z][\\w-]*(?::[\\w-]+)*`;

/** Builds a trigger-style link occurrence (target = the authored trigger). */
export function triggerLink(
  trigger: string,
  kind: LinkKind,
  offset: number,
  context: OccurrenceContext,
): ExtractedLink {
  return {
    target: trigger,
    kind,
    trigger,
    raw: trigger,
    offset,
    context,
    pathStyle: false,
    fallbackTarget: null,
  };
}
