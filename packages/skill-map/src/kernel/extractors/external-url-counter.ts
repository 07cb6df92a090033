import type { Extractor } from './extractor.js';

const URL_RE = /https?:\/\/[^\s<>()"'`[\]{}|\\^\0]+/g;
const TRAILING = /[.,;:!?*_~]+$/;

/** `core/external-url-counter`: distinct http(s) URLs outside code, counted into `externalRefsCount` (never links). */
export const externalUrlCounter: Extractor = {
  id: 'core/external-url-counter',
  gate: null,
  emitConfidence: 0.3,
  extract(input, sink) {
    const text = input.proseWithHtml;
    if (!text.includes('http')) return;
    URL_RE.lastIndex = 0;
    for (let m = URL_RE.exec(text); m !== null; m = URL_RE.exec(text)) {
      const url = m[0].replace(TRAILING, '');
      if (url.length > 'https://'.length) sink.url(url);
    }
  },
};
