import type { SourceLocation } from '@skill-map/spec';
import type { ExtractedLink } from './extractors/extractor.js';
import type { RawLink } from './types.js';
import type { LineIndex } from './util/line-index.js';
import { normalizeTrigger } from './util/normalize-trigger.js';

/** Collects occurrences from every extractor of one file and dedupes them by (target, kind, normalizedTrigger). */
export interface LinkCollector {
  add(extractor: string, link: ExtractedLink): void;
  /** Deduped links, ordered by first occurrence, then kind, then target. */
  links(): RawLink[];
}

/** Creates a collector for the file at `source`. */
export function createLinkCollector(source: string, lines: LineIndex): LinkCollector {
  const byKey = new Map<string, RawLink>();
  return {
    add(extractor, link) {
      const normalized = link.trigger === null ? null : normalizeTrigger(link.trigger);
      const key = `${link.kind}\0${link.target}\0${normalized ?? ''}`;
      const location: SourceLocation = lines.locate(link.offset);
      const occurrence = { extractor, originalTrigger: link.trigger, context: link.context, location };
      const existing = byKey.get(key);
      if (existing === undefined) {
        byKey.set(key, {
          source,
          target: link.target,
          kind: link.kind,
          sources: [extractor],
          trigger:
            link.trigger === null
              ? null
              : { originalTrigger: link.trigger, normalizedTrigger: normalized ?? '' },
          location,
          raw: link.raw,
          occurrences: [occurrence],
          pathStyle: link.pathStyle,
          fallbackTarget: link.fallbackTarget,
          bareDest: link.bareDest ?? null,
          resolveKinds: link.resolveKinds ?? null,
          speculative: link.speculative === true,
        });
        return;
      }
      if (!existing.sources.includes(extractor)) existing.sources.push(extractor);
      existing.occurrences.push(occurrence);
      existing.fallbackTarget ??= link.fallbackTarget;
      existing.speculative &&= link.speculative === true;
      if (existing.location !== null && location.offset < existing.location.offset) {
        existing.location = location;
        existing.raw = link.raw;
      }
    },
    links() {
      const out = [...byKey.values()];
      for (const link of out) {
        link.sources.sort();
        link.occurrences.sort(
          (a, b) =>
            (a.location?.offset ?? 0) - (b.location?.offset ?? 0) || (a.extractor < b.extractor ? -1 : 1),
        );
      }
      return out.sort(
        (a, b) =>
          (a.location?.offset ?? 0) - (b.location?.offset ?? 0) ||
          (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0) ||
          (a.target < b.target ? -1 : a.target > b.target ? 1 : 0),
      );
    },
  };
}
