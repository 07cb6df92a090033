/** Issue severities. */
export const SEVERITIES = ['error', 'warn', 'info'] as const;

/** An issue severity. */
export type Severity = (typeof SEVERITIES)[number];

/** A deterministic finding; mirrors `issue.schema.json`. */
export interface Issue {
  /** SHORT kebab analyzer id (`reference-broken`), never qualified. */
  analyzerId: string;
  severity: Severity;
  nodeIds: string[];
  message: string;
  linkIndices?: number[];
  detail?: string;
  fix?: Record<string, unknown>;
  /** Free-form; `data.target` is the issue-suppression key. */
  data?: IssueData;
}

/** The free-form `data` of an issue; `target` is the suppression key. */
export interface IssueData {
  target?: string;
  [key: string]: unknown;
}
