// The state one incremental graph build hands the next (incremental.ts), and the result it returns.
import type { Issue, ScanResult } from '@skill-map/spec';
import type { FileRecord } from '../types.js';
import type { Assembled } from './assemble.js';
import type { PathOracle } from './resolve.js';

/** What the next incremental build needs from this one. Opaque; pass it back once (it may be reused in place). */
export interface GraphState {
  readonly result: ScanResult;
  readonly ordered: readonly FileRecord[];
  readonly graph: Assembled;
  readonly runs: readonly number[];
  readonly runSources: readonly string[];
  readonly oracle: PathOracle;
  readonly contextKey: string;
  readonly existingPaths: ReadonlySet<string> | undefined;
  /** The issues before inline suppressions (what a patch updates; the result's list when no file has any). */
  readonly raw: readonly Issue[];
  /** How many issues the sidecars suppressed. */
  readonly sidecarSuppressed: number;
}

/** A graph-stage result and the state to pass to the next {@link buildGraphIncremental}. */
export interface IncrementalGraph {
  result: ScanResult;
  state: GraphState;
  /** `patch`: only the changed records' links were re-resolved; `full`: a full build ran. */
  mode: 'patch' | 'full';
  /** With `full`: why the patch did not apply ("no previous build", "'a.md' changed kind (agent → skill)"). */
  reason?: string;
}
