import { JOB_FAILURE_REASONS, JOB_STATUSES } from '@skill-map/spec';
import * as z from 'zod';

/*
 * The output shapes the tools advertise as `outputSchema` (issue 28 point 7). A tool's own result object is strict
 * (no key it does not list), so a result that grows a key without its schema fails the all-tools test; the domain
 * entities inside (Node, Link, Issue, PublicJob, FindingRecord) name their identifying fields and stay open, since
 * their full definitions live in the spec's schemas and grow by minor versions.
 */

const SEVERITY = z.enum(['error', 'warn', 'info']);

/** A map node (`node.schema.json`): the fields an agent keys on; the rest is open. */
export const nodeShape = z.looseObject({
  path: z.string(),
  kind: z.string(),
  provider: z.string(),
});

/** A link (`link.schema.json`). */
export const linkShape = z.looseObject({
  source: z.string(),
  target: z.string(),
  kind: z.string(),
});

/** A deterministic issue (`issue.schema.json`). */
export const issueShape = z.looseObject({
  analyzerId: z.string(),
  severity: SEVERITY,
  nodeIds: z.array(z.string()),
  message: z.string(),
});

/** A closed subgraph: the `query_graph` / `get_branch` core. */
export const subgraphShape = {
  nodes: z.array(nodeShape),
  links: z.array(linkShape),
  issues: z.array(issueShape),
};

/** A job without its nonce (`job.schema.json#/$defs/PublicJob`). */
export const publicJobShape = z.looseObject({
  id: z.string(),
  extensionId: z.string(),
  extensionKind: z.enum(['action', 'analyzer']),
  nodeId: z.string().nullable(),
  status: z.enum(JOB_STATUSES),
  createdAt: z.number(),
  failureReason: z.enum(JOB_FAILURE_REASONS).nullable().optional(),
});

/** A `state_findings` row with its derived staleness. */
export const findingShape = z.looseObject({
  id: z.number().int(),
  nodeId: z.string(),
  extensionId: z.string(),
  type: z.string(),
  severity: SEVERITY,
  message: z.string(),
  resolution: z.enum(['fixed', 'human-decision', 'dismissed']).nullable(),
  stale: z.boolean(),
});

/** One standing issue suppression entry as stored in a sidecar. */
export const suppressionShape = z.object({
  analyzer: z.string(),
  value: z.string(),
  note: z.string().optional(),
});

/** A job status, for `not-running` / `already-terminal`. */
export const jobStatus = z.enum(JOB_STATUSES);

/** The paging fields a listing tool adds: `nextCursor` is present only when another page follows. */
export const pageShape = {
  nextCursor: z.string().optional().describe('Pass as `cursor` for the next page; absent on the last page.'),
};

/** A `{outcome}` result whose outcome is one of `values` and nothing else. */
export function outcomeOnly<const T extends readonly [string, ...string[]]>(values: T) {
  return z.object({ outcome: z.enum(values) });
}
