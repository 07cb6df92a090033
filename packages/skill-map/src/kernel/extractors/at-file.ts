import {
  mayBeTriggerPrefix,
  SigilMatcher,
  type ExtractInput,
  type Extractor,
  type ExtractSink,
} from './extractor.js';
import { isPlaceholderPath } from './mention-context.js';
import { relativeTargets } from './resolve-path.js';
import { TRIGGER_PREFIX } from './trigger.js';

/** A matcher of `@path.<ext>` tokens, for an alternation of extensions (`md|mdc|markdown`). */
export function atPathMatcher(extensions: string): SigilMatcher {
  return new SigilMatcher(
    `${TRIGGER_PREFIX}@((?:\\.{1,2}\\/)*[\\w.-]+(?:\\/[\\w.-]+)*\\.(?:${extensions}))(?![\\w/-])`,
    '@',
    mayBeTriggerPrefix,
  );
}

/** Emits every `@path` token `matcher` finds in prose as a path-style `references` link (placeholders skipped). */
export function extractAtPaths(matcher: SigilMatcher, input: ExtractInput, sink: ExtractSink): void {
  const prose = input.prose;
  matcher.reset();
  for (let m = matcher.next(prose); m !== null; m = matcher.next(prose)) {
    const dest = m[2]!;
    if (isPlaceholderPath(dest)) continue;
    const { target, fallback, bare } = relativeTargets(dest, input.dir, input.root);
    sink.link({
      target,
      kind: 'references',
      trigger: null,
      raw: `@${dest}`,
      offset: m.index + m[1]!.length,
      context: null,
      pathStyle: true,
      fallbackTarget: fallback,
      bareDest: bare,
    });
  }
}

const AT_FILE = atPathMatcher('md|mdc|markdown');

/** `core/at-file`: `@path.md` tokens in prose → `references` (file-relative, root fallback unless `./`/`../`). */
export const atFileExtractor: Extractor = {
  id: 'core/at-file',
  gate: ['claude', 'codex', 'antigravity', 'cursor'],
  emitConfidence: 0.85,
  emits: { kind: 'references', pathStyle: true },
  extract(input, sink) {
    extractAtPaths(AT_FILE, input, sink);
  },
};
