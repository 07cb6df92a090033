// The conformance case format (conformance-case.schema.json in @skill-map/spec), as types.

/** What to run: `sm <verb> [<sub>] [args...] [flags...]`. */
export interface InvokeSpec {
  readonly verb: string;
  readonly sub?: string;
  readonly args?: readonly string[];
  readonly flags?: readonly string[];
  /** Prior invokes: names bound to JSONPaths of the JSON stdout, used as `{{name}}` in later args and flags. */
  readonly capture?: Readonly<Record<string, string>>;
  /** Prior invokes: the exit code expected (default 0). */
  readonly expectExit?: number;
  /** Prior invokes: milliseconds to wait afterwards. */
  readonly sleepAfterMs?: number;
  /** Main invoke: this many identical invocations run at once (only the parallel-* assertions apply). */
  readonly parallel?: number;
}

/** The comparison fields a JSONPath check may carry (one at least). */
interface Compare {
  readonly path: string;
  readonly equals?: unknown;
  readonly greaterThan?: number;
  readonly lessThan?: number;
  readonly matches?: string;
}

/** One check on what a single invocation left. */
export type SingleAssertion =
  | { readonly type: 'exit-code'; readonly value: number }
  | ({ readonly type: 'json-path' } & Compare)
  | { readonly type: 'file-exists'; readonly path: string }
  | { readonly type: 'file-contains-verbatim'; readonly path: string; readonly fixture: string }
  | {
      readonly type: 'file-matches-schema';
      readonly path: string;
      readonly schema: string;
      readonly schemaPointer?: string;
    }
  | {
      readonly type: 'stdout-matches-schema';
      readonly schema: string;
      readonly schemaPointer?: string;
      readonly each?: boolean;
    }
  | { readonly type: 'stdout-contains-verbatim'; readonly fixture: string }
  | { readonly type: 'stderr-matches'; readonly pattern: string }
  | ({
      readonly type: 'ndjson-line';
      readonly match: Readonly<Record<string, unknown>>;
    } & Partial<Compare>);

/** A check on the invocations of a parallel invoke. */
export type ParallelAssertion =
  | { readonly type: 'parallel-exit-codes'; readonly sorted: readonly number[] }
  | ({ readonly type: 'parallel-json-path-count'; readonly count: number } & Compare);

/** A request to the server `setup.serve` started. */
export interface HttpAssertion {
  readonly type: 'http-matches-schema';
  readonly request: { readonly path: string; readonly method?: 'GET' | 'HEAD' };
  readonly status?: number;
  readonly schema: string;
  readonly schemaPointer?: string;
  readonly each?: boolean;
}

/** One check of a case. */
export type Assertion = SingleAssertion | ParallelAssertion | HttpAssertion;

/** One case file. */
export interface ConformanceCase {
  readonly id: string;
  readonly description: string;
  readonly fixture?: string;
  readonly setup?: {
    readonly disableAllProviders?: boolean;
    readonly disableAllExtractors?: boolean;
    readonly disableAllAnalyzers?: boolean;
    readonly disableAllAdapters?: boolean;
    readonly disableAllDetectors?: boolean;
    readonly disableAllRules?: boolean;
    readonly priorScans?: readonly { readonly fixture?: string; readonly flags?: readonly string[] }[];
    readonly priorInvokes?: readonly InvokeSpec[];
    /** Start the implementation's server in the scope for the life of the case. */
    readonly serve?: boolean;
    /** Serve a fixture folder over loopback HTTP, its base URL bound as `{{staticServeUrl}}`. */
    readonly staticServe?: { readonly fixture: string };
  };
  readonly invoke: InvokeSpec;
  readonly assertions: readonly Assertion[];
}

/** What one run of the implementation gave. */
export interface Invocation {
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A folder of cases and the fixtures they name, under one scope label (`spec`, `provider:claude`, a path). */
export interface CaseSuite {
  readonly scope: string;
  readonly casesDir: string;
  readonly fixturesDir: string;
}

/** The result of one case. */
export interface CaseResult {
  readonly id: string;
  readonly scope: string;
  readonly description?: string;
  readonly passed: boolean;
  readonly durationMs: number;
  readonly exitCode: number | null;
  readonly failures: readonly { assertion: number | null; type: string; message: string }[];
}
