import { eachCodeRegion, eachMatch, type ExtractedLink, type Extractor } from './extractor.js';
import { TRIGGER_PREFIX } from './trigger.js';

const QUALIFIED = new RegExp(`${TRIGGER_PREFIX}([a-z][a-z0-9-]*:[a-z][a-z0-9-]*)(?![\\w:/-]|\\.\\w)`, 'g');
const WHOLE = /^\s*([a-z][a-z0-9-]*:[a-z][a-z0-9-]*)\s*$/;

function qualified(trigger: string, offset: number, context: ExtractedLink['context']): ExtractedLink {
  return {
    target: trigger,
    kind: 'invokes',
    trigger,
    raw: trigger,
    offset,
    context,
    pathStyle: false,
    fallbackTarget: null,
    resolveKinds: ['skill', 'command', 'agent'],
    speculative: true,
  };
}

/**
 * `core/plugin-skill` (skill-map addition): plugin-qualified names such as `superpowers:brainstorming` (the form a
 * Claude Code plugin uses to point at its own skills) → `invokes`. Speculative: kept only when the namespace is a
 * plugin declared by a manifest in the scan AND the name resolves; never reported as broken.
 */
export const pluginSkillExtractor: Extractor = {
  id: 'core/plugin-skill',
  gate: null,
  emitConfidence: 0.8,
  extract(input, sink) {
    if (input.prose.includes(':')) {
      eachMatch(QUALIFIED, input.prose, (m) => sink.link(qualified(m[2]!, m.index + m[1]!.length, null)));
    }
    eachCodeRegion(input, ['inline-code'], (content, base, kind) => {
      const m = WHOLE.exec(content);
      if (m !== null) sink.link(qualified(m[1]!, base + content.indexOf(m[1]!), kind));
    });
  },
};
