/**
 * The domain types the adapters persist, re-exported from `@skill-map/spec` so adapter code imports them
 * from one place.
 */
import { emptyScanResult as specEmptyScanResult } from '@skill-map/spec';
import type { ScanResult } from '@skill-map/spec';

export type { Issue, Link, Node, ScanResult, ScanStats, SizeTriple } from '@skill-map/spec';

/** The shape a read returns when no scan exists (spec §2.4), stamped with the ceiling in force. */
export function emptyScanResult(scanCeiling?: number): ScanResult {
  const empty = specEmptyScanResult();
  return scanCeiling === undefined ? empty : { ...empty, scanCeiling };
}
