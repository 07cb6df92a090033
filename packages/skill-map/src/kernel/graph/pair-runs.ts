import type { Link } from '@skill-map/spec';

/** Runs (index into the source runs) the per-source analyzers have to group. */
export interface PairRuns {
  /** Runs holding two links with the same target and different kinds (or more than 32 links). */
  kindPairRuns: number[];
  /** Runs holding two links that resolve to the same node through different targets (or more than 32 links). */
  redundantPairRuns: number[];
}

/**
 * Flags run `run` (`links[start..end-1]`, one source) while its Links are hot in cache: does it hold a pair that
 * link-kind-conflict (same target, another kind) or reference-redundant (same resolved node, another target) group?
 * Runs over 32 links are always flagged (the analyzers group them with a map).
 */
export function flagPairRuns(
  links: readonly Link[],
  start: number,
  end: number,
  run: number,
  out: PairRuns,
): void {
  if (end - start > 32) {
    out.kindPairRuns.push(run);
    out.redundantPairRuns.push(run);
    return;
  }
  let kindPair = false;
  let redundantPair = false;
  for (let a = start + 1; a < end && !(kindPair && redundantPair); a++) {
    const la = links[a]!;
    for (let b = start; b < a; b++) {
      const lb = links[b]!;
      if (la.target === lb.target) {
        if (la.kind !== lb.kind) kindPair = true;
      } else if (la.resolvedTarget !== null && la.resolvedTarget === lb.resolvedTarget) redundantPair = true;
    }
  }
  if (kindPair) out.kindPairRuns.push(run);
  if (redundantPair) out.redundantPairRuns.push(run);
}
