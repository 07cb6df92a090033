import type { ExtractedLink, Extractor, ExtractSink } from './extractor.js';

const WHOLE = /^\s*([a-z][a-z0-9-]*:[a-z][a-z0-9-]*)\s*$/;
const PREFIX = new Set([...' \t\n\r\f\v([\'"*>,;|'].map((c) => c.charCodeAt(0)));
PREFIX.add(0x22);

const isLower = (c: number): boolean => c >= 97 && c <= 122;
const isNameChar = (c: number): boolean => isLower(c) || (c >= 48 && c <= 57) || c === 45;
const isWord = (c: number): boolean => isNameChar(c) || (c >= 65 && c <= 90) || c === 95;

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

/** Finds `ns:name` tokens by scanning around each `:` (a regex over every word was the extractor's hot spot). */
export function scanQualified(text: string, sink: ExtractSink): void {
  for (let p = text.indexOf(':'); p !== -1; p = text.indexOf(':', p + 1)) {
    let s = p;
    while (s > 0 && isNameChar(text.charCodeAt(s - 1))) s--;
    if (s === p || !isLower(text.charCodeAt(s)) || (s > 0 && !PREFIX.has(text.charCodeAt(s - 1)))) continue;
    let e = p + 1;
    if (!isLower(text.charCodeAt(e))) continue;
    while (e < text.length && isNameChar(text.charCodeAt(e))) e++;
    const next = text.charCodeAt(e);
    if (
      isWord(next) ||
      next === 58 ||
      next === 47 ||
      next === 64 ||
      (next === 46 && isWord(text.charCodeAt(e + 1)))
    )
      continue;
    sink.link(qualified(text.slice(s, e), s, null));
  }
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
  emits: { kind: 'invokes', pathStyle: false },
  extract(input, sink) {
    scanQualified(input.prose, sink);
    const code = input.code;
    for (let r = 0; r < code.length; r++) {
      const region = code[r]!;
      if (region.kind !== 'inline-code') continue;
      const content = input.codeText[r]!;
      if (!content.includes(':')) continue;
      const m = WHOLE.exec(content);
      if (m !== null) sink.link(qualified(m[1]!, region.contentStart + content.indexOf(m[1]!), region.kind));
    }
  },
};
